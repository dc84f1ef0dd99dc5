import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { AuthTabs } from './auth-tabs';
import { useAdoptTypedValues } from '../lib/adopt-typed-values';

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
 * provider button the page composes in (features do not import each other), `form` the screen's
 * form: the app's route loads it lazily (app/pages/auth-route.tsx), a prerendered screen with the
 * page (app/pages/login-screen.tsx).
 */
export function AuthPage({
  mode,
  providerSignIn,
  form: Form,
}: {
  mode: AuthMode;
  providerSignIn?: ReactNode;
  form: ComponentType;
}) {
  const { t } = useTranslation('auth');
  const tabbed = mode === 'login' || mode === 'register';
  useAdoptTypedValues();
  return (
    // A form: a prerendered screen takes its code at once (hydrate-when-needed.ts), so little that
    // is typed meets a page being hydrated, and a query it reads (a promo code) shows soon.
    <Container
      maxWidth="sm"
      sx={{ py: { xs: 4, md: 8 } }}
      data-testid="auth-page"
      data-mode={mode}
      data-hydrate="at-once"
      // Hidden on a prerendered screen from a reader with a stored session: the app comes over it.
      data-guest-only={tabbed || undefined}
    >
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {t(TITLE[mode])}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {t(`${TITLE[mode].split('.')[0]}.subtitle`)}
          </Typography>
          {tabbed && (
            <AuthTabs
              value={mode}
              tabs={[
                { value: 'login', label: t('login.tab'), href: '/auth/login' },
                { value: 'register', label: t('register.tab'), href: '/auth/register' },
              ]}
            />
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
