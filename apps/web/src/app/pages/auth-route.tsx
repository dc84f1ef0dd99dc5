import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AuthPage, type AuthMode } from '../../features/auth/components/auth-page';
import { ProviderSignInButton } from '../../features/provider-sign-in/components/provider-sign-in-button';

/**
 * Each screen's form is a chunk of its own: the login screen does not download the registration's
 * profile fields, consent and strength meter, nor the other way round. Inside a route change (a
 * transition) the previous screen stays until the form is there.
 */
const FORMS: Record<AuthMode, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('../../features/auth/components/login-form').then((m) => ({ default: m.LoginForm }))),
  register: lazy(() =>
    import('../../features/auth/components/register-form').then((m) => ({ default: m.RegisterForm })),
  ),
  recovery: lazy(() =>
    import('../../features/auth/components/recovery-form').then((m) => ({ default: m.RecoveryForm })),
  ),
  'update-profile': lazy(() =>
    import('../../features/auth/components/update-profile-form').then((m) => ({ default: m.UpdateProfileForm })),
  ),
  'confirm-email': lazy(() =>
    import('../../features/auth/components/confirm-email-form').then((m) => ({ default: m.ConfirmEmailForm })),
  ),
};

/** The shared auth screen with the provider sign-in composed in. */
export function AuthRoute({ mode }: { mode: AuthMode }) {
  return <AuthPage mode={mode} form={FORMS[mode]} providerSignIn={<ProviderSignInButton />} />;
}
