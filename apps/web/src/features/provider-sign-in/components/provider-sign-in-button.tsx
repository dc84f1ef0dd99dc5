import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AppleIcon from '@mui/icons-material/Apple';
import { PROVIDER_SIGN_IN_PATHS } from '@app/shared/schemas/provider-sign-in-paths';

/** Where the button goes: the API's start route, which redirects on to the provider. */
export function providerSignInHref(returnTo?: string): string {
  return returnTo
    ? `${PROVIDER_SIGN_IN_PATHS.start}?${new URLSearchParams({ returnTo })}`
    : PROVIDER_SIGN_IN_PATHS.start;
}

/**
 * "Sign in with Apple" for the login and register screens and the /apple-login page. A plain
 * link, not a router link: the browser itself has to leave for the provider and come back.
 * White on the dark theme and black on the light one, as Apple's guidelines ask.
 */
export function ProviderSignInButton({ returnTo, label }: { returnTo?: string; label?: string }) {
  const { t } = useTranslation('provider');
  return (
    <Button
      href={providerSignInHref(returnTo)}
      variant="contained"
      size="large"
      fullWidth
      startIcon={<AppleIcon />}
      data-testid="provider-sign-in"
      sx={(theme) => {
        const dark = theme.palette.mode === 'dark';
        return {
          bgcolor: dark ? '#fff' : '#000',
          color: dark ? '#000' : '#fff',
          '&:hover': { bgcolor: dark ? '#e8e8e8' : '#222' },
        };
      }}
    >
      {label ?? t('button')}
    </Button>
  );
}
