import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { unstable_useId as useId } from '@mui/material/utils';
import { fieldText } from './form';
import type { FormFieldProps } from './form-fields';

export type OutlinedFieldProps = Omit<OutlinedInputProps, 'label' | 'inputProps'> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** The <input>'s own attributes (TextField's `slotProps.htmlInput`). */
  htmlInput?: OutlinedInputProps['inputProps'];
};

/**
 * What MUI's TextField renders for an outlined text input (the same elements, classes, ids and
 * labelling), without TextField itself: TextField always brings Select, its menu and modal and the
 * filled and standard inputs, about 20 KB gzipped that a login screen's first load does not need.
 */
export const OutlinedField = forwardRef<HTMLDivElement, OutlinedFieldProps>(function OutlinedField(
  { id: idOverride, label, helperText, error, fullWidth, required, disabled, className, sx, htmlInput, ...input },
  ref,
) {
  const id = useId(idOverride);
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      className={['MuiTextField-root', className].filter(Boolean).join(' ')}
      sx={sx}
      error={error}
      disabled={disabled}
      fullWidth={fullWidth}
      required={required}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={label && id ? `${id}-label` : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});

/** FormTextField's outlined text input on OutlinedField: bound to the form, its message under it. */
export function FormOutlinedField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  ...props
}: FormFieldProps<T> & Omit<OutlinedFieldProps, 'name' | 'label'>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <OutlinedField
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
