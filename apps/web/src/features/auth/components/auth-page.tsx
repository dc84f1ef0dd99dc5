import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
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

export type AuthMode = 'login' | 'register' | 'recovery' | 'update-profile' | 'confirm-email';

/**
 * Each screen's form is a chunk of its own: the login screen does not download the registration's
 * profile fields, consent and strength meter, nor the other way round. Inside a route change (a
 * transition) the previous screen stays until the form is there.
 */
const FORMS: Record<AuthMode, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('./login-form').then((m) => ({ default: m.LoginForm }))),
  register: lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm }))),
  recovery: lazy(() => import('./recovery-form').then((m) => ({ default: m.RecoveryForm }))),
  'update-profile': lazy(() => import('./update-profile-form').then((m) => ({ default: m.UpdateProfileForm }))),
  'confirm-email': lazy(() => import('./confirm-email-form').then((m) => ({ default: m.ConfirmEmailForm }))),
};

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
  const Form = FORMS[mode];
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
          <Form />
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
