import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { RouterLink } from '../../../components/router-link';
import { useLogin } from '../api/login';
import { serverErrorText, useLazyZodForm } from '../../../components/form/form';
import { FormAlert, LazyAlert } from './form-alert';
import { FormOutlinedField } from '../../../components/form/outlined-field';
import { FormPasswordField } from './form-fields';
import { loadTexts } from '../../../lib/i18n';

// The schema (with zod) loads when the form is reached for, with the texts of its messages (a
// prerendered screen starts without them); after-sign-in's profile check needs zod too.
const loadSchema = () =>
  Promise.all([import('../lib/login-schema'), loadTexts('msg', 'errors')]).then(([m]) => m.loginRequestSchema);

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The query as a prerendered screen's router stand-in also gives it (it has no useSearchParams).
  const params = new URLSearchParams(useLocation().search);
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, preload } = useLazyZodForm(loadSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const record = await login.mutateAsync(values);
      const { afterSignIn } = await import('../lib/after-sign-in');
      navigate(await afterSignIn(record, queryClient), { replace: true });
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['email', 'password']));
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('login.title')} {...preload}>
      {params.get('recoverySuccess') === 'true' && (
        <LazyAlert severity="success" data-testid="recovery-success">
          {t('recovery.success')}
        </LazyAlert>
      )}
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
        autoComplete="current-password"
      />
      <Link component={RouterLink} href="/auth/recovery" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        {t('login.forgot')}
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
