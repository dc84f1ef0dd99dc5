import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * MUI's Alert, fetched when a form first has something to say: the login and registration screens
 * show none on arrival, and it was 2 KB (gzipped) of their first load.
 */
const Alert = lazy(() => import('@mui/material/Alert'));

export function LazyAlert(props: ComponentProps<typeof Alert>) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}

/** The form-level error, announced to screen readers. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <LazyAlert severity="error" role="alert" data-testid="form-error">
      {text}
    </LazyAlert>
  );
}
