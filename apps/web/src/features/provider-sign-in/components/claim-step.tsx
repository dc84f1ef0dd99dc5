import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { safeReturnTo, type ProviderSignInResult } from '@app/shared/schemas/provider-sign-in';
import { isProfileComplete } from '@app/shared/schemas/user';
import { ApiError } from '../../../lib/api-client';
import { useClaimProviderSignIn } from '../api/claim-provider-sign-in';
import { PrivateRelayNotice } from './private-relay-notice';
import { SignInError } from './sign-in-error';

/** SPEC.md section 4: update-profile until the profile is complete, else where the person was going. */
const nextPath = (result: ProviderSignInResult) =>
  isProfileComplete(result.user.profile) ? (safeReturnTo(result.returnTo) ?? '/') : '/auth/update-profile';

export function ClaimStep({ state }: { state: string }) {
  const { t } = useTranslation('provider');
  const navigate = useNavigate();
  const claim = useClaimProviderSignIn();
  const { mutate } = claim;
  const claimed = useRef(false);

  useEffect(() => {
    // The server answers a state once; a second effect run (StrictMode) must not spend it again.
    if (claimed.current) return;
    claimed.current = true;
    mutate(state);
  }, [mutate, state]);

  const result = claim.data;
  useEffect(() => {
    if (result && !result.user.privateRelay) navigate(nextPath(result), { replace: true });
  }, [result, navigate]);

  if (claim.isError) {
    const code = claim.error instanceof ApiError ? claim.error.code : 'PROVIDER_SIGN_IN_FAILED';
    return <SignInError code={code} />;
  }
  if (result?.user.privateRelay) {
    return <PrivateRelayNotice onContinue={() => navigate(nextPath(result), { replace: true })} />;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status" data-testid="provider-claiming">
      <CircularProgress aria-hidden />
      <Typography>{t('claiming')}</Typography>
    </Stack>
  );
}
