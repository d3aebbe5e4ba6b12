import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** Placeholder until the requirements module lands. */
export function RequirementsPage() {
  return (
    <>
      <PageHeader title="Requirements" />
      <EmptyState icon={<RuleOutlined />} title="Requirements arrive with the requirements module">
        Design requirements per authority, utility and company, grouped by sheet: engineering, electrical, labels,
        title block and PV-1 to PV-5.
      </EmptyState>
    </>
  );
}
