import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import WorkOffOutlined from '@mui/icons-material/WorkOffOutlined';
import type { Role } from '@sunstamp/domain/roles';
import { mayCreateJob } from '@sunstamp/domain/policies/jobs.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { useJob } from '../api/use-job.ts';
import { mayEditJob } from '../jobs.rules.ts';

/**
 * What the intake shows instead of its steps, or null when it may show them: a contractor creates no
 * jobs; a job being loaded; a job this user may no longer edit (deactivated, cancelled, or with our team).
 */
export function intakeRefusal(role: Role, resumeId: string | null, resumed: ReturnType<typeof useJob>): ReactNode | null {
  if (!mayCreateJob(role)) {
    return (
      <>
        <PageHeader title="New job" />
        <EmptyState icon={<WorkOffOutlined />} title="Contractors do not create jobs">
          Jobs are created by the client companies and our team. Your assigned jobs are in the jobs list.
        </EmptyState>
      </>
    );
  }
  if (resumeId && resumed.isLoading) return <PageLoader />;
  if (resumed.data && !mayEditJob(resumed.data)) {
    const j = resumed.data;
    return (
      <>
        <PageHeader title={j.name || 'Job'} />
        <Alert severity="info" action={<Button component={RouterLink} to={`/jobs/${j.id}`}>Open job</Button>}>
          {!j.is_active
            ? 'This job is deactivated and can no longer be edited.'
            : j.status === 'Cancelled'
              ? 'This job is cancelled and can no longer be edited.'
              : 'This job is with our team. Changes now go through a revision request on the job page.'}
        </Alert>
      </>
    );
  }
  return null;
}
