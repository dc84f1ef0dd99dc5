import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { fieldText } from './form';

export interface FormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Shown under the field while it has no error. */
  hint?: string;
}

/**
 * A text field bound to the form, its rule message translated under it (else the hint). Rule
 * messages live in the startup namespaces (`msg:`, `errors:`), so no feature namespace is needed.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  ...props
}: FormFieldProps<T> & Omit<TextFieldProps, 'name' | 'label'>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldText(t, fieldState.error) ?? hint}
        />
      )}
    />
  );
}
