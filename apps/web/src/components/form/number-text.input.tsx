import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { followNumberValue, numberToText, parseNumberText } from './number-text.rules.ts';

export type NumberTextInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  unit?: string;
  step?: number | 'any';
  min?: number;
  max?: number;
  readOnly?: boolean;
};

/**
 * A number input that keeps what the user typed (number-text.rules.ts): the form gets a number
 * (null when empty), the screen keeps "1." or "0.50" until the value changes from elsewhere.
 */
export function NumberTextInput({ value, onChange, unit, step = 'any', min, max, readOnly, slotProps, ...props }: NumberTextInputProps) {
  const [text, setText] = useState(() => numberToText(value));
  // Follow outside changes (a reset, a value filled in from elsewhere) without fighting the typing.
  useEffect(() => setText((t) => followNumberValue(t, value)), [value]);
  return (
    <TextField
      {...props}
      type="number"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumberText(e.target.value));
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { step, min, max, inputMode: 'decimal', ...(slotProps?.htmlInput as object | undefined) },
        input: {
          ...(readOnly ? { readOnly } : {}),
          ...(unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {}),
          ...(slotProps?.input as object | undefined),
        },
      }}
    />
  );
}
