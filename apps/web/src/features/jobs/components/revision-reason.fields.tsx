import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REVISION_REASONS, REVISION_REASON_CODES, type RevisionReasonCode } from '@sunstamp/domain/constants/revision.constants';

export interface RevisionReasonValue {
  reason: RevisionReasonCode | '';
  involuntary: boolean;
  note: string;
}

/** "Other" needs words: the note is required with it. */
export const revisionNoteNeeded = (v: RevisionReasonValue) => v.reason === 'other' && !v.note.trim();

/**
 * Why a revision is asked for, the same in the job page's dialog and on the revise page: a reason
 * from the spec's list (with its description), the involuntary flag for staff (preset from the
 * reason), and what should change.
 */
export function RevisionReasonFields({ value, onChange, staff, touched, noteRows = 3 }: {
  value: RevisionReasonValue;
  onChange: (v: RevisionReasonValue) => void;
  staff: boolean;
  touched: boolean;
  noteRows?: number;
}) {
  const { reason, involuntary, note } = value;
  const noteNeeded = revisionNoteNeeded(value);
  return (
    <>
      <TextField
        select
        label="Reason"
        required
        value={reason}
        onChange={(e) => {
          const r = e.target.value as RevisionReasonCode;
          onChange({ ...value, reason: r, involuntary: staff ? REVISION_REASONS[r].involuntary : involuntary });
        }}
        error={touched && !reason}
        helperText={touched && !reason ? 'Choose a reason.' : reason ? REVISION_REASONS[reason].description : undefined}
        slotProps={{ select: { renderValue: (v) => REVISION_REASONS[v as RevisionReasonCode]?.label ?? '' } }}
      >
        {REVISION_REASON_CODES.map((c) => (
          <MenuItem key={c} value={c}>
            <ListItemText primary={REVISION_REASONS[c].label} secondary={REVISION_REASONS[c].description} />
          </MenuItem>
        ))}
      </TextField>
      {staff && (
        <FormControlLabel
          control={<Checkbox checked={involuntary} onChange={(e) => onChange({ ...value, involuntary: e.target.checked })} />}
          label="Involuntary (our error: not counted against the client)"
        />
      )}
      <TextField
        label="What should change?"
        multiline
        minRows={noteRows}
        value={note}
        onChange={(e) => onChange({ ...value, note: e.target.value })}
        required={reason === 'other'}
        error={touched && noteNeeded}
        helperText={touched && noteNeeded ? 'Describe the reason.' : undefined}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </>
  );
}
