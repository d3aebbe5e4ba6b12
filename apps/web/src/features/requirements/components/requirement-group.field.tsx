import { memo } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { defaultGroupValue } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { offValueOf } from '@sunstamp/domain/requirements/scope-values.rules';
import type { RequirementItemDefinition } from '@sunstamp/domain/requirements/requirement.schema';
import { formatRequirementValue, SOURCE_LABELS, textRowsFor, widgetFor } from '../../../components/requirements/requirements.rules.ts';
import { FieldBox, FieldMeta, type RequirementFieldProps } from './requirement-field.tsx';
import { RequirementWidget } from './requirement-widget.tsx';

const isOn = (v: unknown) => v !== null && v !== undefined;

/** Grid width of a group item: multi-line text spans the row, the rest share it. */
function itemSize(item: RequirementItemDefinition) {
  if (widgetFor(item) === 'text' && textRowsFor(item)) return { xs: 12 };
  if (widgetFor(item) === 'switch') return { xs: 12, sm: 6 };
  return { xs: 12, sm: 6, md: 3 };
}

/**
 * A repeating group (sticker 1–12, stamp 1–9): an on/off switch and, when on, its fields.
 * Switching it off sets an explicit "off" (null) here, which overrides a group switched on by a
 * scope below (an AHJ can switch off a sticker its company wants); "Reset to inherited" goes back.
 */
export const RequirementGroupField = memo(function RequirementGroupField({
  def, value, setHere, inherited, errors, readOnly, dispatch,
}: Omit<RequirementFieldProps, 'error'> & {
  /** Messages by path: `sticker_1` and `sticker_1.title`. */
  errors?: Readonly<Record<string, string>>;
}) {
  const on = isOn(value);
  const inheritedOn = isOn(inherited.value);
  const group = (on ? value : {}) as Record<string, unknown>;
  const ownError = errors?.[def.key];
  const hasError = !!errors && Object.keys(errors).length > 0;
  const toggle = (checked: boolean) => {
    dispatch({ type: 'set', key: def.key, value: checked ? (inheritedOn ? inherited.value : defaultGroupValue(def)) : offValueOf(def) });
  };
  const summary = on ? formatRequirementValue(def, value) : setHere && inheritedOn ? `Off here (${SOURCE_LABELS[inherited.source]}: on)` : 'Off';
  const switchEl = (
    <Switch
      id={`req-${def.key}`}
      checked={on}
      disabled={readOnly}
      onChange={(_, c) => toggle(c)}
      slotProps={{ input: { 'aria-label': `${def.label} on` } }}
    />
  );

  return (
    <FieldBox setHere={setHere} error={hasError} testId={`req-${def.key}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={!setHere && inheritedOn && !readOnly ? <Tooltip title={`Switched on by the ${SOURCE_LABELS[inherited.source]}; switching it off here overrides that.`}><span>{switchEl}</span></Tooltip> : switchEl}
          label={
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {def.label}
            </Typography>
          }
        />
        <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, flex: 1 }}>
          {summary}
        </Typography>
        <FieldMeta def={def} setHere={setHere} inherited={inherited} readOnly={readOnly} onReset={() => dispatch({ type: 'reset', key: def.key })} inline />
      </Box>
      {(on || ownError) && (
        <FormHelperText error={!!ownError} sx={{ mt: 0, ml: 0 }}>
          {ownError ?? def.helperText}
        </FormHelperText>
      )}
      <Collapse in={on} unmountOnExit>
        <Grid container spacing={2} sx={{ pt: 2 }}>
          {(def.items ?? []).map((item) => {
            const path = `${def.key}.${item.key}`;
            return (
              <Grid key={item.key} size={itemSize(item)}>
                <RequirementWidget
                  id={`req-${def.key}-${item.key}`}
                  def={item}
                  value={group[item.key] === undefined ? item.default : group[item.key]}
                  error={errors?.[path]}
                  readOnly={readOnly}
                  onChange={(v) => dispatch({ type: 'setItem', key: def.key, item: item.key, value: v, base: group })}
                />
              </Grid>
            );
          })}
        </Grid>
      </Collapse>
    </FieldBox>
  );
});
