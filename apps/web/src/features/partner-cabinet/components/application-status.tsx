import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassIcon from '@mui/icons-material/HourglassTopOutlined';
import type { CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { useFormat } from '../../../lib/use-format';

/** An application waiting for an admin: that it is being reviewed, and what the person sent. */
export function ApplicationStatus({ partner }: { partner: CpaPartnerState }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  return (
    <Card variant="outlined" data-testid="cpa-under-review">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack spacing={2.5}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
            <Box
              aria-hidden
              sx={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'action.hover',
                color: 'warning.main',
                flexShrink: 0,
              }}
            >
              <HourglassIcon />
            </Box>
            <Box>
              <Typography variant="h5" component="h2">
                {t('review.title')}
              </Typography>
              {partner.appliedAt && (
                <Typography color="textSecondary">
                  {t('review.sent', { time: format.dateTime(partner.appliedAt) })}
                </Typography>
              )}
            </Box>
            <Chip label={t('partnerStatuses.applied')} color="warning" size="small" sx={{ ml: 'auto' }} />
          </Stack>
          <Typography color="textSecondary" sx={{ maxWidth: 680 }}>
            {t('review.text')}
          </Typography>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('apply.trafficSources')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="review-traffic">
              {partner.trafficSources}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('apply.contact')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="review-contact">
              {partner.contact}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
