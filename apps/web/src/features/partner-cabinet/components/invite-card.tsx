import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { RouterLink } from '../../../components/router-link';

/**
 * /account/cpa for someone who is not an approved partner: an invitation to apply in the cabinet,
 * or where their application stands.
 */
export function InviteCard({ partner }: { partner: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const status = partner.status === 'approved' ? 'none' : partner.status;
  return (
    <Card
      variant="outlined"
      sx={{ mt: 3, background: 'linear-gradient(135deg, rgba(47,123,255,0.12), transparent 70%)' }}
      data-testid="cpa-invite"
      data-status={status}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h2">
            {t(`invite.${status}.title`)}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
            {t(`invite.${status}.text`)}
          </Typography>
          {status === 'rejected' && partner.rejectReason && (
            <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
              {t('rejected.reason', { reason: partner.rejectReason })}
            </Alert>
          )}
          <Button variant={status === 'applied' ? 'outlined' : 'contained'} component={RouterLink} href="/cpa">
            {t(`invite.${status}.action`)}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
