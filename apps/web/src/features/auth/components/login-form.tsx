import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { RouterLink } from '../../../components/router-link';
import { useLogin } from '../api/login';
import { serverErrorText, useLazyZodForm } from '../../../components/form/form';
import { FormAlert } from './form-alert';
import { FormOutlinedField } from '../../../components/form/outlined-field';
import { FormPasswordField } from './form-fields';

// The schema (with zod) loads when the form is reached for; after-sign-in's profile check needs zod too.
const loadSchema = () => import('@app/shared/schemas/auth').then((m) => m.loginRequestSchema);

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
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
        <Alert severity="success" data-testid="recovery-success">
          {t('recovery.success')}
        </Alert>
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
