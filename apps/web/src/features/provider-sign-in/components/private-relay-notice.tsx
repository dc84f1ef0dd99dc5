import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { publicConfig } from '../../../lib/public-config';

/**
 * SPEC.md section 8: a private relay address blocks our messages, so confirmation and recovery
 * codes never arrive; the person has to write to support instead. Shown once, right after signing in.
 */
export function PrivateRelayNotice({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation('provider');
  const { supportEmail } = publicConfig();
  return (
    <Stack spacing={3} data-testid="private-relay-notice">
      <Typography variant="h4" component="h1">
        {t('privateRelay.title')}
      </Typography>
      <Alert severity="warning">{t('privateRelay.text')}</Alert>
      <Typography>
        {t('privateRelay.support')} <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
      </Typography>
      <Button variant="contained" size="large" onClick={onContinue} autoFocus>
        {t('privateRelay.continue')}
      </Button>
    </Stack>
  );
}
