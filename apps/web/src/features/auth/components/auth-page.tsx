import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { ConfirmEmailForm } from './confirm-email-form';
import { LoginForm } from './login-form';
import { RecoveryForm } from './recovery-form';
import { RegisterForm } from './register-form';
import { UpdateProfileForm } from './update-profile-form';

export type AuthMode = 'login' | 'register' | 'recovery' | 'update-profile' | 'confirm-email';

const TITLE: Record<AuthMode, string> = {
  login: 'login.title',
  register: 'register.title',
  recovery: 'recovery.title',
  'update-profile': 'updateProfile.title',
  'confirm-email': 'confirm.title',
};

/**
 * The one auth screen of SPEC.md section 2: every child route shares it. `providerSignIn` is the
 * provider button the page composes in (features do not import each other).
 */
export function AuthPage({ mode, providerSignIn }: { mode: AuthMode; providerSignIn?: ReactNode }) {
  const { t } = useTranslation('auth');
  const tabbed = mode === 'login' || mode === 'register';
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }} data-testid="auth-page" data-mode={mode}>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {t(TITLE[mode])}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t(`${TITLE[mode].split('.')[0]}.subtitle`)}
          </Typography>
          {tabbed && (
            <Tabs value={mode} sx={{ mb: 3 }} variant="fullWidth">
              <Tab value="login" label={t('login.tab')} component={RouterLink} href="/auth/login" />
              <Tab value="register" label={t('register.tab')} component={RouterLink} href="/auth/register" />
            </Tabs>
          )}
          {mode === 'login' && <LoginForm />}
          {mode === 'register' && <RegisterForm />}
          {mode === 'recovery' && <RecoveryForm />}
          {mode === 'update-profile' && <UpdateProfileForm />}
          {mode === 'confirm-email' && <ConfirmEmailForm />}
          {tabbed && providerSignIn && (
            <Box sx={{ mt: 3 }}>
              <Divider sx={{ mb: 3 }}>{t('or')}</Divider>
              {providerSignIn}
            </Box>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
