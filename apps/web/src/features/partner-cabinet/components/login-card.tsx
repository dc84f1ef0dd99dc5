import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginRequestSchema } from '@app/shared/schemas/auth';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-fields';
import { RouterLink } from '../../../components/router-link';
import { useCabinetLogin } from '../api/login';

/** The cabinet's own sign-in (same accounts as the site): the cabinet opens in place once it succeeds. */
export function LoginCard() {
  const { t } = useTranslation('cpa');
  const login = useCabinetLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setFormError(serverErrorText(t, error, form.setError, ['email', 'password']));
    }
  });

  return (
    <Card variant="outlined" sx={{ maxWidth: 480 }} data-testid="cpa-login">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-labelledby="cpa-login-title">
          <Stack spacing={0.5}>
            <Typography variant="h5" component="h2" id="cpa-login-title">
              {t('login.title')}
            </Typography>
            <Typography color="textSecondary">{t('login.lead')}</Typography>
          </Stack>
          {formError && (
            <Alert severity="error" data-testid="cpa-login-error">
              {formError}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="email"
            label={t('login.email')}
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { 'data-testid': 'cpa-login-email' } }}
          />
          <FormTextField
            control={form.control}
            name="password"
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            slotProps={{ htmlInput: { 'data-testid': 'cpa-login-password' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={form.formState.isSubmitting}
            data-testid="cpa-login-submit"
          >
            {t('login.submit')}
          </Button>
          <Stack direction="row" sx={{ gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t('login.noAccount')}{' '}
              <Link component={RouterLink} href="/auth/register">
                {t('login.register')}
              </Link>
            </Typography>
            <Link component={RouterLink} href="/auth/recovery" variant="body2">
              {t('login.forgot')}
            </Link>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
