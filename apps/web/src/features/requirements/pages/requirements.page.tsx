import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { REQUIREMENT_SCOPES, type RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { requirementScopeTypesFor, requirementsEditRefusalOf } from '@sunstamp/domain/policies/requirements.policy';
import { mayListAllCompanies } from '@sunstamp/domain/policies/companies.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useResolvedRequirements } from '../api/use-resolved-requirements.ts';
import { useScopeValues } from '../api/use-scope-values.ts';
import { RequirementsForm } from '../components/requirements.form.tsx';
import { ResolvedRequirementsPanel } from '../components/resolved-requirements.panel.tsx';
import { ScopeAutocomplete } from '../../../components/requirements/scope-autocomplete.tsx';
import { SCOPE_LABELS, scopesBelow } from '../../../components/requirements/requirements.rules.ts';
import { actorOf } from '../../../lib/session/actor.ts';

const isScope = (v: string | null): v is RequirementScope => (REQUIREMENT_SCOPES as readonly string[]).includes(v ?? '');

const CONTEXT_PARAM: Record<RequirementScope, string> = { company: 'company', utility: 'utility', ahj: 'ahj' };

/**
 * /requirements: choose a scope (a company; for staff also a utility or an AHJ), then edit its
 * values. The scope lives in the URL (?scope=ahj&id=…) so a reload or a shared link opens it;
 * for utilities and AHJs staff may pick the scopes below to see what the values would inherit.
 */
// eslint-disable-next-line max-lines-per-function -- the scope (from the URL), its tabs and the form for it share the scope state
export function RequirementsPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const types = requirementScopeTypesFor(user.role);
  const requested = params.get('scope');
  const scopeType: RequirementScope = isScope(requested) && types.includes(requested) ? requested : types[0]!;
  // A client with one company opens it straight away.
  const id = params.get('id') ?? (scopeType === 'company' && !mayListAllCompanies(user.role) ? (user.companies[0]?.id ?? null) : null);
  const scope = id ? { type: scopeType, id } : null;
  const below = scopesBelow(scopeType);
  const context = Object.fromEntries(below.map((t) => [t, params.get(CONTEXT_PARAM[t])])) as Partial<Record<RequirementScope, string | null>>;

  const [tab, setTab] = useState<'values' | 'preview'>('values');
  const values = useScopeValues(scope);
  const resolved = useResolvedRequirements(
    { company_id: context.company ?? undefined, utility_id: context.utility ?? undefined },
    !!scope,
  );

  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };

  // With no scope chosen yet, a company admin still reads its own-company hint.
  const refusal = requirementsEditRefusalOf(actorOf(user), scope ?? { type: 'utility', id: '' });
  const canEdit = !!scope && refusal === null;
  const readOnlyReason =
    refusal === 'other_company'
      ? 'A company admin can change only their own company’s requirements.'
      : 'Only Sunstamp staff and your company admin can change requirements; you can view them.';

  return (
    <>
      <PageHeader
        title="Requirements"
        subtitle="Design requirements per company, utility and AHJ. A job takes the defaults, then its company’s values, then its utility’s, then its AHJ’s: the later one wins."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          {types.length > 1 && (
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={scopeType}
              onChange={(_, v: RequirementScope | null) => v && update({ scope: v, id: null, company: null, utility: null })}
              aria-label="Scope type"
              sx={{ flexShrink: 0, height: 56 }}
            >
              {types.map((t) => (
                <ToggleButton key={t} value={t} sx={{ px: 2.5 }}>
                  {SCOPE_LABELS[t]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          <Box sx={{ flex: 1.4, minWidth: 240 }}>
            <ScopeAutocomplete
              key={scopeType}
              kind={scopeType}
              value={id}
              label={SCOPE_LABELS[scopeType]}
              onChange={(v) => update({ scope: scopeType, id: v })}
            />
          </Box>
          {below.map((t) => (
            <Box key={t} sx={{ flex: 1, minWidth: 200 }}>
              <ScopeAutocomplete
                kind={t}
                value={context[t] ?? null}
                label={`Inherit from ${t}`}
                helperText={`Optional: shows what this ${scopeType === 'ahj' ? 'AHJ' : 'utility'} inherits from that ${t}.`}
                onChange={(v) => update({ [CONTEXT_PARAM[t]]: v })}
              />
            </Box>
          ))}
        </Stack>
      </Paper>

      {!scope ? (
        <EmptyState icon={<RuleOutlined />} title={`Choose ${scopeType === 'ahj' ? 'an AHJ' : `a ${SCOPE_LABELS[scopeType].toLowerCase()}`}`}>
          {user.companies.length === 0 && !mayListAllCompanies(user.role)
            ? 'Your account belongs to no company yet, so there are no requirements to show.'
            : 'Its requirements open here, grouped by sheet: engineering, electrical, labels, title block, PV-1 to PV-5 and more.'}
        </EmptyState>
      ) : values.isError ? (
        <Alert severity="error">{errorMessageOf(values.error)}</Alert>
      ) : !values.data ? (
        <PageLoader />
      ) : (
        <>
          <Tabs value={tab} onChange={(_, v: 'values' | 'preview') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="values" label={canEdit ? 'Edit values' : 'Values'} />
            <Tab value="preview" label="Preview as a job" />
          </Tabs>
          {/* The form stays mounted on the preview tab so unsaved changes survive. */}
          <Box sx={{ display: tab === 'values' ? 'block' : 'none' }}>
            {canEdit && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                A value set here overrides the one it inherits, “off” and “no file” included; “Reset to inherited” goes back to the value below.
              </Typography>
            )}
            <RequirementsForm
              key={`${scope.type}:${scope.id}`}
              scope={scope}
              saved={values.data.values}
              resolved={resolved.data?.values}
              readOnly={!canEdit}
              readOnlyReason={readOnlyReason}
            />
          </Box>
          {tab === 'preview' && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                What a job with this {SCOPE_LABELS[scope.type] === 'AHJ' ? 'AHJ' : scope.type}
                {below.some((t) => context[t]) ? ' and the chosen scopes below it' : ''} gets from the saved values (unsaved changes are not
                included), as the job page shows it.
              </Typography>
              <ResolvedRequirementsPanel
                companyId={scope.type === 'company' ? scope.id : context.company}
                utilityId={scope.type === 'utility' ? scope.id : context.utility}
                ahjId={scope.type === 'ahj' ? scope.id : null}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
