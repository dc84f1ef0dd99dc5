import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useMe } from '../../session/api/get-me';
import { logout } from '../../session/logout';
import { EmailCard } from '../../security/components/email-card';
import { ProfileForm } from './profile-form';

/** My profile: personal data, the e-mail (confirmed or not, and changing it), and logging out. */
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
      <EmailCard me={me} />
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('account.sessionTitle')}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
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
