import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** Placeholder until the analytics module (My, Group and Company stats) lands. */
export function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics" />
      <EmptyState icon={<InsightsOutlined />} title="Analytics arrive with the analytics module">
        Statistics per user, group and company: jobs created, services requested and turnaround.
      </EmptyState>
    </>
  );
}
