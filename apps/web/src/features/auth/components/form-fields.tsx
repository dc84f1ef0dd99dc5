import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { EMAIL_CODE_LENGTH } from '@app/shared/constants';
import { fieldText } from '../lib/form';
import { PasswordField } from './password-field';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Shown under the field while it has no error. */
  hint?: string;
}

/** A text field bound to the form, its rule message translated under it. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  ...props
}: FieldProps<T> & Omit<TextFieldProps, 'name' | 'label'>) {
  const { t } = useTranslation('auth');
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

/** The 6-digit code from an e-mail. */
export function FormCodeField<T extends FieldValues>(props: Omit<FieldProps<T>, 'label'>) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      {...props}
      label={t('fields.code')}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: EMAIL_CODE_LENGTH } }}
    />
  );
}

/** A password bound to the form, optionally with the strength meter. */
export function FormPasswordField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  autoComplete,
  showStrength,
}: FieldProps<T> & { autoComplete: string; showStrength?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PasswordField
          {...field}
          showStrength={showStrength}
          label={label}
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={fieldText(t, fieldState.error) ?? hint}
        />
      )}
    />
  );
}
