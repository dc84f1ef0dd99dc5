import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues } from 'react-hook-form';
import { EMAIL_CODE_LENGTH } from '@app/shared/constants';
import { fieldText } from '../../../components/form/form';
import type { FormFieldProps } from '../../../components/form/form-fields';
import { FormOutlinedField } from '../../../components/form/outlined-field';
import { PasswordField } from './password-field';

/** The 6-digit code from an e-mail. */
export function FormCodeField<T extends FieldValues>(props: Omit<FormFieldProps<T>, 'label'>) {
  const { t } = useTranslation('auth');
  return (
    <FormOutlinedField
      {...props}
      label={t('fields.code')}
      autoComplete="one-time-code"
      htmlInput={{ inputMode: 'numeric', maxLength: EMAIL_CODE_LENGTH }}
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
}: FormFieldProps<T> & { autoComplete: string; showStrength?: boolean }) {
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
