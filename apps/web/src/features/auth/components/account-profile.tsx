import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { RouterLink } from '../../../components/router-link';
import { useMe } from '../../session/api/get-me';
import { logout } from '../../session/logout';
import { ProfileForm } from './profile-form';

/** My profile: personal data, the e-mail and whether it is confirmed, and logging out. */
export function AccountProfile() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: me } = useMe();
  if (!me) return <CircularProgress aria-label={t('loading')} />;

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('account.personalData')}
          </Typography>
          <ProfileForm me={me} extended submitLabel={t('account.save')} />
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('account.emailTitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ wordBreak: 'break-all' }}>{me.email}</Typography>
            <Chip
              data-testid="email-status"
              color={me.emailVerified ? 'success' : 'warning'}
              variant="outlined"
              label={me.emailVerified ? t('account.emailConfirmed') : t('account.emailNotConfirmed')}
            />
            {!me.emailVerified && !me.privateRelay && (
              <Button variant="outlined" href="/auth/confirm-email" LinkComponent={RouterLink}>
                {t('account.confirmEmail')}
              </Button>
            )}
          </Stack>
          {me.privateRelay && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('account.privateRelay')}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('account.sessionTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('account.sessionText')}
          </Typography>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => logout(navigate)}
            data-testid="logout"
          >
            {t('account.logout')}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
