import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { fieldText } from '../lib/form';

/** A text field bound to the form, its rule message translated under it (else the hint). */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  ...props
}: { control: Control<T>; name: Path<T>; label: string; hint?: string } & Omit<TextFieldProps, 'name' | 'label'>) {
  const { t } = useTranslation('content');
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
