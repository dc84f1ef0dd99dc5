import Alert from '@mui/material/Alert';

/** The form-level error, announced to screen readers. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert severity="error" role="alert" data-testid="form-error">
      {text}
    </Alert>
  );
}
