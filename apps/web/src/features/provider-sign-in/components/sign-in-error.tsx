import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isErrorCode } from '@app/shared/errors';
import { RouterLink } from '../../../components/router-link';
import { translateError } from '../../../lib/i18n';
import { providerSignInHref } from './provider-sign-in-button';

/** Why the sign-in failed, in the reader's language; the query only picks a catalogue code. */
export function SignInError({ code }: { code: string }) {
  const { t } = useTranslation('provider');
  const known = isErrorCode(code) ? code : 'PROVIDER_SIGN_IN_FAILED';
  const canRetry = known !== 'PROVIDER_NOT_CONFIGURED';
  return (
    <Stack spacing={3} data-testid="provider-sign-in-error" data-code={known}>
      <Typography variant="h4" component="h1">
        {t('error.title')}
      </Typography>
      <Alert severity="error" role="alert">
        {translateError(t, { code: known })}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {canRetry && (
          <Button href={providerSignInHref()} variant="contained" size="large">
            {t('error.tryAgain')}
          </Button>
        )}
        <Button href="/auth/login" LinkComponent={RouterLink} variant="outlined" size="large">
          {t('error.useEmail')}
        </Button>
      </Stack>
    </Stack>
  );
}
