import { forwardRef } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { maskBirthday } from '../lib/birthday-mask';

/** Date of birth typed as DD.MM.YYYY, the dots added while typing. */
export const BirthdayField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, 'onChange'> & { onChange: (value: string) => void }
>(function BirthdayField({ onChange, ...props }, ref) {
  return (
    <TextField
      {...props}
      inputRef={ref}
      fullWidth
      placeholder="DD.MM.YYYY"
      autoComplete="bday"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      onChange={(event) => onChange(maskBirthday(event.target.value))}
    />
  );
});
