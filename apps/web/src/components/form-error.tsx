import Alert from '@mui/material/Alert';

/** The form-level error (a server message that belongs to no single field). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
