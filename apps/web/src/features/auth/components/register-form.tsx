import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { session } from '../../../lib/session';
import { useRegister } from '../api/register';
import { serverErrorText, useLazyZodForm } from '../../../components/form/form';
import type { RegisterFormValues } from '../lib/register-form-schema';
import { markCodeSent } from '../lib/code-sent';
import { loadTexts } from '../../../lib/i18n';
import { FormAlert } from './form-alert';
import { ConsentLabel } from './consent-label';
import { FormOutlinedField } from '../../../components/form/outlined-field';
import { FormPasswordField } from './form-fields';

// The schema (with zod and the shared rules) loads when the form is reached for, with the texts of
// its messages (a prerendered screen starts without them).
const loadSchema = () =>
  Promise.all([import('../lib/register-form-schema'), loadTexts('msg', 'errors')]).then(([m]) => m.registerFormSchema);

const FIELDS = ['email', 'password', 'passwordConfirm', 'promocode', 'consent'] as const;

export function RegisterForm() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  // The query as a prerendered screen's router stand-in also gives it (it has no useSearchParams).
  const params = new URLSearchParams(useLocation().search);
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, preload } = useLazyZodForm(loadSchema, {
    email: '',
    password: '',
    passwordConfirm: '',
    promocode: params.get('promocode') ?? '',
    consent: false,
  } as RegisterFormValues);

  // A prerendered screen renders first without the address's query, then with it.
  const promocode = params.get('promocode');
  useEffect(() => {
    if (promocode && !form.getValues('promocode')) form.setValue('promocode', promocode);
  }, [form, promocode]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const record = await register.mutateAsync({
        email: values.email,
        password: values.password,
        promocode: (values.promocode as string | undefined)?.trim() || undefined,
        locale: i18n.resolvedLanguage,
      });
      session.save(record);
      markCodeSent();
      // The confirmation code is already on its way (not to a private relay address).
      navigate(record.user.privateRelay ? '/auth/update-profile' : '/auth/confirm-email', {
        replace: true,
        state: { codeSent: true },
      });
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, FIELDS));
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('register.title')} {...preload}>
      <FormAlert text={formError} />
      <FormOutlinedField
        control={form.control}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
      />
      <FormPasswordField
        control={form.control}
        name="password"
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('password.hint')}
        showStrength
      />
      <FormPasswordField
        control={form.control}
        name="passwordConfirm"
        label={t('fields.passwordConfirm')}
        autoComplete="new-password"
      />
      <FormOutlinedField
        control={form.control}
        name="promocode"
        label={t('fields.promocode')}
        hint={t('register.promocodeHint')}
      />
      <Controller
        name="consent"
        control={form.control}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label={<ConsentLabel text={t('register.consent')} />}
            />
            {fieldState.error && <FormHelperText>{t('register.consentRequired')}</FormHelperText>}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {t('register.submit')}
      </Button>
    </Stack>
  );
}
