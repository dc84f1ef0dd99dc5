import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginRequestSchema } from '@app/shared/schemas/auth';
import { RouterLink } from '../../../components/router-link';
import { useLogin } from '../api/login';
import { afterSignIn } from '../lib/after-sign-in';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormAlert } from './form-alert';
import { FormTextField } from '../../../components/form/form-fields';
import { FormPasswordField } from './form-fields';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const record = await login.mutateAsync(values);
      navigate(await afterSignIn(record, queryClient), { replace: true });
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['email', 'password']));
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
      {params.get('recoverySuccess') === 'true' && (
        <Alert severity="success" data-testid="recovery-success">
          {t('recovery.success')}
        </Alert>
      )}
      <FormAlert text={formError} />
      <FormTextField control={form.control} name="email" label={t('fields.email')} type="email" autoComplete="email" />
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
