import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import type { PromotedPin } from '@app/shared/schemas/business';
import { CompanyCardView, PROMOTED_COLOR } from '../../../components/company-card';

/** A promoted pin's company card: name, category, logo, description, website and photos. */
export function PromotedCardDialog({ pin, onClose }: { pin: PromotedPin | null; onClose: () => void }) {
  // The card's own texts are the 'business' namespace's (the map route loads it).
  const { t } = useTranslation('map');
  return (
    <Dialog open={pin !== null} onClose={onClose} fullWidth maxWidth="xs" data-testid="promoted-card">
      {pin && (
        <>
          <DialogTitle sx={{ pb: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: PROMOTED_COLOR }}>
              <CampaignIcon fontSize="small" />
              <Typography variant="overline" component="span">
                {t('card.promoted')}
              </Typography>
            </Stack>
          </DialogTitle>
          <DialogContent sx={{ pt: 1 }}>
            <CompanyCardView company={pin.company} headingLevel="h3" />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{t('card.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
