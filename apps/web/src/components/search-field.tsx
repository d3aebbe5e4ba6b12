import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/**
 * The search box above a list or form: a small text field with a magnifier, named for screen
 * readers by `label` (the placeholder when not given); `clearable` adds a "Clear search" button
 * while there is text.
 */
export function SearchField({
  value, onChange, placeholder, label = placeholder, clearable = false, maxLength, sx,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
  clearable?: boolean;
  maxLength?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            clearable && value ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear search" onClick={() => onChange('')}>
                  <Close fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
        htmlInput: { 'aria-label': label, maxLength },
      }}
    />
  );
}
