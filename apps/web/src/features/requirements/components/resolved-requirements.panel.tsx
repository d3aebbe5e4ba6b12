import { ResolvedRequirementsView } from '../../../components/requirements/resolved-requirements.view.tsx';
import { useResolvedRequirements } from '../api/use-resolved-requirements.ts';

export type ResolvedRequirementsPanelProps = {
  companyId?: string | null;
  utilityId?: string | null;
  ahjId?: string | null;
  /** Plan-set facts for conditional options ("Only Over 10 Kilowatts"); unknown counts as holding. */
  systemSizeKw?: number | null;
  utilityProgram?: string | null;
  title?: string;
};

/** What a set of scopes resolves to (GET /requirements/resolve), for the requirements page. */
export function ResolvedRequirementsPanel({
  companyId, utilityId, ahjId, systemSizeKw, utilityProgram, title,
}: ResolvedRequirementsPanelProps) {
  const resolved = useResolvedRequirements({
    company_id: companyId ?? undefined,
    utility_id: utilityId ?? undefined,
    ahj_id: ahjId ?? undefined,
    system_size_kw: systemSizeKw ?? undefined,
    utility_program: utilityProgram ?? undefined,
  });
  return <ResolvedRequirementsView data={resolved.data} isFetching={resolved.isFetching} error={resolved.isError ? resolved.error : undefined} title={title} />;
}
