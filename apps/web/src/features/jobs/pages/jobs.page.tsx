import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession, useSessionUser } from '../../auth/components/session.context.ts';

function Stat({ value, label }: { value: number | string; label: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

/** The signed-in home. The jobs list itself arrives with the jobs module. */
export function JobsPage() {
  const user = useSessionUser();
  const { me } = useSession();
  const stats = me?.month_stats;
  return (
    <>
      <PageHeader title="Jobs" subtitle={`Welcome back, ${getDisplayName(user)}.`} />
      {stats && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat value={stats.jobs_completed_this_month} label="Jobs completed this month" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat value={stats.revisions_this_month} label="Revisions this month" />
          </Grid>
        </Grid>
      )}
      <EmptyState icon={<WorkOutlineOutlined />} title="Jobs arrive with the jobs module">
        This is where you will create, submit and follow your permit and engineering jobs, with saved filters,
        columns and search.
      </EmptyState>
    </>
  );
}
