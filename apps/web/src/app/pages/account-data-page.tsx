import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { AccountProfile } from '../../features/auth/components/account-profile';
import { AvatarEditor } from '../../features/avatar/components/avatar-editor';
import { KycProfileCard } from '../../features/kyc/components/kyc-profile-card';
import { PasswordChangeCard } from '../../features/security/components/password-change-card';
import { TotpSection } from '../../features/security/components/totp-section';
import { SessionsCard } from '../../features/sessions/components/sessions-card';
import { loadTexts } from '../../lib/i18n';

// The verification card's texts come with the page, so it does not suspend the page after it appears.
await loadTexts('kyc');

/** /account/data: My profile and Personal data. */
export function AccountDataPage() {
  const { t } = useTranslation('auth');
  return (
    <Box sx={{ py: 3 }} data-testid="account-data">
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('common:account.tabs.data')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('account.photo')}
              </Typography>
              <AvatarEditor />
            </CardContent>
          </Card>
          <Box sx={{ mt: 3 }}>
            <KycProfileCard />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <AccountProfile />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} offset={{ md: 4 }}>
          <PasswordChangeCard />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} offset={{ md: 4 }}>
          <TotpSection />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} offset={{ md: 4 }}>
          <SessionsCard />
        </Grid>
      </Grid>
    </Box>
  );
}
