import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KycStatusChip } from '../../../components/kyc-status-chip';
import { RouterLink } from '../../../components/router-link';
import { VerifiedCheck } from '../../../components/verified-check';
import { useKycApplication } from '../api/get-kyc-application';

/** The profile's line on identity verification: where it stands, and the way to /kyc. */
export function KycProfileCard() {
  const { t } = useTranslation(['kyc', 'common']);
  const { data: application } = useKycApplication();
  const status = application?.status;
  const started = application?.id !== null && application?.id !== undefined;
  return (
    <Card data-testid="kyc-profile-card" data-status={status}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('eyebrow')}
          </Typography>
          <VerifiedCheck verified={status === 'approved'} size={22} testId="profile-verified" />
          {status && started && status !== 'approved' && (
            <KycStatusChip status={status} revocation={application?.revoked} />
          )}
        </Stack>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {status === 'approved' && application?.maxNftType
            ? t('profile.approved', { level: t(`common:levels.${application.maxNftType}`) })
            : t('profile.why')}
        </Typography>
        <Button
          variant={status === 'approved' ? 'text' : 'outlined'}
          href="/kyc"
          LinkComponent={RouterLink}
          data-testid="profile-kyc-link"
        >
          {status === 'approved' ? t('profile.open') : started ? t('profile.continue') : t('profile.start')}
        </Button>
      </CardContent>
    </Card>
  );
}
