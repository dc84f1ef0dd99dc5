import { AuthPage } from '../../features/auth/components/auth-page';
import { LoginForm } from '../../features/auth/components/login-form';
import { ProviderSignInButton } from '../../features/provider-sign-in/components/provider-sign-in-button';
import { loadTexts } from '../../lib/i18n';

// Prerendered (app/auth-screens.ts): the form comes with the screen (the server renders it, and
// hydration must find it), and so do the texts (see loadTexts).
await loadTexts('auth', 'provider');

/** The app's login screen (app/pages/auth-route.tsx) as the server renders it ahead. */
export function LoginScreen() {
  return <AuthPage mode="login" form={LoginForm} providerSignIn={<ProviderSignInButton />} />;
}
