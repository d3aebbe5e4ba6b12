import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import { DRAWING_VARIABLES } from '@sunstamp/domain/requirements/drawing-variables.data';
import type { RequirementItemDefinition } from '@sunstamp/domain/requirements/requirement.schema';
import { NumberTextInput } from '../../../components/form/number-text.input.tsx';
import { formatRequirementValue, textRowsFor, widgetFor } from '../../../components/requirements/requirements.rules.ts';

export type WidgetProps = {
  def: RequirementItemDefinition;
  /** The value shown: set at this scope, or the inherited one. */
  value: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  /** DOM id of the input, unique on the page (`req-sticker_1-title`). */
  id: string;
};

/** Helper line: the error (else the helper text) on the left, a character count on the right. */
function Helper({ text, count, max, error }: { text?: string; count?: number; max?: number; error?: boolean }) {
  if (!text && max === undefined) return null;
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
      <span>{text}</span>
      {max !== undefined && (
        <Box component="span" sx={{ flexShrink: 0, color: error || (count ?? 0) > max ? 'error.main' : undefined }}>
          {count ?? 0}/{max}
        </Box>
      )}
    </Box>
  );
}

/** Inserts a {drawing variable} at the caret of a text field. */
function VariableMenu({ onInsert, disabled }: { onInsert: (token: string) => void; disabled: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Insert a drawing variable">
        <span>
          <IconButton size="small" edge="end" aria-label="Insert a drawing variable" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
            <DataObjectOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 360 } } }}>
        {DRAWING_VARIABLES.map((v) => (
          <MenuItem
            key={v.name}
            dense
            onClick={() => {
              onInsert(`{${v.name}}`);
              setAnchor(null);
            }}
          >
            <ListItemText primary={v.label} secondary={`{${v.name}}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function TextWidget({ def, value, error, readOnly, onChange, id }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const rows = textRowsFor(def);
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const insert = (token: string) => {
    const el = inputRef.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    onChange(text.slice(0, at) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <TextField
      id={id}
      label={def.label}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={<Helper text={error ?? def.helperText} count={text.length} max={def.maxLength} error={!!error} />}
      multiline={rows !== undefined}
      // lineCount is both the rows shown and the most lines allowed; long notes grow to 8.
      {...(def.lineCount ? { rows } : rows ? { minRows: rows, maxRows: 8 } : {})}
      inputRef={inputRef}
      slotProps={{
        input: {
          readOnly,
          ...(def.drawingVariables
            ? {
                endAdornment: (
                  <InputAdornment position="end" sx={rows ? { alignSelf: 'flex-start', mt: 1 } : undefined}>
                    <VariableMenu onInsert={insert} disabled={readOnly} />
                  </InputAdornment>
                ),
              }
            : {}),
        },
        formHelperText: { component: 'div' } as object,
      }}
    />
  );
}

function NumberWidget({ def, value, error, readOnly, onChange, id }: WidgetProps) {
  const range =
    def.min !== undefined && def.max !== undefined ? `${def.min} to ${def.max}.` : def.max !== undefined ? `At most ${def.max}.` : '';
  return (
    <NumberTextInput
      id={id}
      label={def.label}
      value={typeof value === 'number' ? value : null}
      onChange={onChange}
      error={!!error}
      helperText={error ?? [def.helperText, range, def.default === null ? 'Empty means not set.' : ''].filter(Boolean).join(' ')}
      readOnly={readOnly}
      min={def.min}
      max={def.max}
      step={def.type === 'int' ? 1 : 'any'}
    />
  );
}

function SelectWidget({ def, value, error, readOnly, onChange, id }: WidgetProps) {
  const known = def.options?.some((o) => o.value === value);
  return (
    <TextField
      id={id}
      select
      label={def.label}
      value={typeof value === 'string' && known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? def.helperText}
      slotProps={{
        input: { readOnly },
        // The "Calculated (NEC)" option's value is '': show its label instead of an empty box.
        select: { displayEmpty: def.options?.some((o) => o.value === '') },
        inputLabel: def.options?.some((o) => o.value === '') ? { shrink: true } : undefined,
      }}
    >
      {(def.options ?? []).map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SwitchWidget({ def, value, error, readOnly, onChange, id }: WidgetProps) {
  return (
    <Box>
      <FormControlLabel
        sx={{ mr: 0, alignItems: 'center' }}
        control={<Switch id={id} checked={value === true} disabled={readOnly} onChange={(_, c) => onChange(c)} />}
        label={def.label}
      />
      <FormHelperText error={!!error} sx={{ mt: 0, ml: 0 }}>
        {error ?? def.helperText}
      </FormHelperText>
    </Box>
  );
}

/**
 * A file value read as text. Top-level file requirements are drawn by RequirementFileField (upload,
 * download, remove), which needs the scope; this covers a file item inside a group (none today).
 */
function FileWidget({ def, value, error, id }: WidgetProps) {
  const has = value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
  return (
    <Box id={id}>
      <Typography variant="body2" sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
        {def.label}
      </Typography>
      <Typography variant="body2" color={has ? 'text.primary' : 'text.secondary'}>
        {formatRequirementValue(def, value)}
      </Typography>
      <FormHelperText error={!!error} sx={{ ml: 0 }}>
        {error ?? def.helperText}
      </FormHelperText>
    </Box>
  );
}

/** The widget of a scalar definition or group item, by type (requirements.rules.ts widgetFor). */
export function RequirementWidget(props: WidgetProps): ReactNode {
  switch (widgetFor(props.def)) {
    case 'switch':
      return <SwitchWidget {...props} />;
    case 'text':
      return <TextWidget {...props} />;
    case 'number':
      return <NumberWidget {...props} />;
    case 'select':
      return <SelectWidget {...props} />;
    case 'file':
      return <FileWidget {...props} />;
    case 'group':
      // Groups are drawn by RequirementGroupField; a group never nests one.
      return null;
  }
}
