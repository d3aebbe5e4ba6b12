import { createContext, memo, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import { DYNAMIC_CAD_FIELDS } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import type { RequirementDefinition, RequirementSource } from '@sunstamp/domain/requirements/requirement.schema';
import { formatRequirementValue, originText, SOURCE_LABELS } from '../../../components/requirements/requirements.rules.ts';
import { RequirementWidget } from './requirement-widget.tsx';

/** The noun of the scope being edited ("company", "utility", "AHJ"), for "Set on this company". */
export const ScopeNounContext = createContext('scope');

export type Inherited = { value: unknown; source: RequirementSource };

export type FieldAction =
  /** An explicit value at this scope (false, '' and null — off — included). */
  | { type: 'set'; key: string; value: unknown }
  | { type: 'setItem'; key: string; item: string; value: unknown; base: Record<string, unknown> }
  /** Reset to inherited: this scope stops setting the key. */
  | { type: 'reset'; key: string }
  /** The value the server now holds (after a file upload or removal); undefined = not set here. */
  | { type: 'stored'; key: string; value: unknown };

const CAD_FIELD_LABELS = new Map<string, string>(DYNAMIC_CAD_FIELDS.map((f) => [f.key, f.label]));

const truncate = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Where the shown value comes from, whether the generator applies it, and the reset action. */
export function FieldMeta({
  def, setHere, inherited, readOnly, onReset, inline,
}: {
  def: RequirementDefinition;
  setHere: boolean;
  inherited: Inherited;
  readOnly: boolean;
  onReset: () => void;
  /** In a header row: no top margin, no spacer. */
  inline?: boolean;
}) {
  const noun = useContext(ScopeNounContext);
  const cadFields = def.dynamicCadFields ?? [];
  const inheritedText = `${SOURCE_LABELS[inherited.source]}: ${truncate(formatRequirementValue(def, inherited.value))}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: inline ? 0 : 0.75, minHeight: 28, flexWrap: 'wrap', rowGap: 0.5 }}>
      {setHere ? (
        <Tooltip title={`Set on this ${noun}; it overrides what it would inherit (${inheritedText}).`}>
          <Chip size="small" color="primary" label={originText(true, noun, inherited)} data-testid="origin" sx={{ height: 22, fontWeight: 600 }} />
        </Tooltip>
      ) : (
        <Typography variant="caption" color="text.secondary" data-testid="inherited-source">
          {originText(false, noun, inherited)}
        </Typography>
      )}
      {def.automated && (
        <Tooltip title="Automated: the plan-set generator applies this value by itself.">
          <Chip
            size="small"
            variant="outlined"
            icon={<AutoModeOutlined />}
            label="Automated"
            sx={{ height: 22, color: 'text.secondary', '& .MuiChip-icon': { fontSize: 15 } }}
          />
        </Tooltip>
      )}
      {cadFields.length > 0 && (
        <Tooltip title={`When on, the designer fills ${cadFields.length === 1 ? 'a CAD field' : `${cadFields.length} CAD fields`} on the job: ${cadFields.map((f) => CAD_FIELD_LABELS.get(f) ?? f).join(', ')}.`}>
          <Chip size="small" variant="outlined" color="warning" label={`Asks for ${cadFields.length === 1 ? '1 CAD field' : `${cadFields.length} CAD fields`}`} sx={{ height: 22 }} />
        </Tooltip>
      )}
      {!inline && <Box sx={{ flex: 1 }} />}
      {setHere && !readOnly && (
        <Tooltip title={`Stop setting it on this ${noun}: it takes the inherited value (${inheritedText}) when you save.`}>
          <Button size="small" color="inherit" startIcon={<RestartAltOutlined />} onClick={onReset} sx={{ color: 'text.secondary', py: 0 }} aria-label={`Reset to inherited: ${def.label}`}>
            Reset to inherited
          </Button>
        </Tooltip>
      )}
    </Stack>
  );
}

/** A field box: the left edge marks a value set on this scope. */
export function FieldBox({ setHere, error, children, testId }: { setHere: boolean; error?: boolean; children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={(t) => ({
        height: '100%',
        p: 1.5,
        pl: 1.75,
        borderRadius: 2,
        border: `1px solid ${t.palette.divider}`,
        borderLeft: `4px solid ${error ? t.palette.error.main : setHere ? t.palette.primary.main : t.palette.divider}`,
        bgcolor: 'background.paper',
      })}
    >
      {children}
    </Box>
  );
}

/** What the form gives each requirement's field (scalar, file or group). */
export type RequirementFieldProps = {
  def: RequirementDefinition;
  /** The value shown: set here, else inherited. */
  value: unknown;
  setHere: boolean;
  inherited: Inherited;
  error?: string;
  readOnly: boolean;
  dispatch: (a: FieldAction) => void;
};

/** One scalar requirement: its widget, helper text, source and reset. Memoised: the form has 141. */
export const RequirementField = memo(function RequirementField({
  def, value, setHere, inherited, error, readOnly, dispatch,
}: RequirementFieldProps) {
  return (
    <FieldBox setHere={setHere} error={!!error} testId={`req-${def.key}`}>
      <RequirementWidget
        id={`req-${def.key}`}
        def={def}
        value={value}
        error={error}
        readOnly={readOnly}
        onChange={(v) => dispatch({ type: 'set', key: def.key, value: v })}
      />
      <FieldMeta def={def} setHere={setHere} inherited={inherited} readOnly={readOnly} onReset={() => dispatch({ type: 'reset', key: def.key })} />
    </FieldBox>
  );
});
