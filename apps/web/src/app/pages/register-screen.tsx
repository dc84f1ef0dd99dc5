import { AuthPage } from '../../features/auth/components/auth-page';
import { RegisterForm } from '../../features/auth/components/register-form';
import { ProviderSignInButton } from '../../features/provider-sign-in/components/provider-sign-in-button';
import { loadTexts } from '../../lib/i18n';

// Prerendered (app/auth-screens.ts): the form comes with the screen (the server renders it, and
// hydration must find it), and so do the texts (see loadTexts).
await loadTexts('auth', 'provider');

/** The app's register screen (app/pages/auth-route.tsx) as the server renders it ahead. */
export function RegisterScreen() {
  return <AuthPage mode="register" form={RegisterForm} providerSignIn={<ProviderSignInButton />} />;
}
