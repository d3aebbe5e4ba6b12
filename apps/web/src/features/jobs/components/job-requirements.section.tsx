import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { ResolvedRequirementsView } from '../../../components/requirements/resolved-requirements.view.tsx';
import { jobRequirementFileDownloadPath } from '../api/use-job-requirements.ts';

function Scope({ label, name, empty, hint }: { label: string; name: string | undefined; empty: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" color={name ? 'text.primary' : 'text.secondary'} sx={{ fontStyle: name ? 'normal' : 'italic' }}>
        {name ?? empty}
      </Typography>
      {!name && hint && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The job's requirements: the scopes they come from, then every value with its
 * source, drawn by the requirements page's own view; files download through the job's route.
 */
export function JobRequirementsSection({
  jobId, data, isFetching, error, mayChooseAhj,
}: {
  jobId: string;
  data: JobRequirementsAnswer | undefined;
  isFetching: boolean;
  error: unknown;
  /** Whether the viewer can open Edit to choose the AHJ; otherwise the team chooses it. */
  mayChooseAhj: boolean;
}) {
  const scopes = data?.scopes;
  return (
    <ResolvedRequirementsView
      title="Requirements"
      data={data?.resolved}
      isFetching={isFetching}
      error={error}
      showCadFields={false}
      fileDownloadPath={(fileId) => jobRequirementFileDownloadPath(jobId, fileId)}
      intro={
        scopes && (
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="job-requirement-scopes">
            <Scope label="Company" name={scopes.company?.name} empty="No company" />
            <Scope label="Utility" name={scopes.utility?.name} empty="No utility chosen" hint="Chosen in the CAD intake; a custom utility has none." />
            <Scope
              label="AHJ"
              name={scopes.ahj?.name}
              empty="No AHJ chosen"
              hint={mayChooseAhj ? 'Choose one in Edit (Address step).' : 'Our team chooses it.'}
            />
          </Stack>
        )
      }
    />
  );
}
