import { AuthPage, type AuthMode } from '../../features/auth/components/auth-page';
import { ProviderSignInButton } from '../../features/provider-sign-in/components/provider-sign-in-button';

/** The shared auth screen with the provider sign-in composed in. */
export function AuthRoute({ mode }: { mode: AuthMode }) {
  return <AuthPage mode={mode} providerSignIn={<ProviderSignInButton />} />;
}
