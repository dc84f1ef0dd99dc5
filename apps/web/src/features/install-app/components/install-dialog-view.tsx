import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { publicConfig } from '../../../lib/public-config';
import { closeInstallDialog } from '../lib/install-dialog-store';
import { hideInstallOffer, isInstallOfferHidden } from '../lib/install-offer';
import { AppStoreSection } from './app-store-section';
import { WebInstallSection } from './web-install-section';

/** The dialog itself (its own chunk, see InstallAppDialog). */
export function InstallDialogView({ open }: { open: boolean }) {
  const { t } = useTranslation('install');
  const titleId = useId();
  // What can be done right here comes first: the App Store only once the app is published.
  const appFirst = Boolean(publicConfig().appStoreUrl);

  const dontShowAgain = () => {
    hideInstallOffer();
    closeInstallDialog();
  };

  return (
    <Dialog
      open={open}
      onClose={closeInstallDialog}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="install-app-dialog"
    >
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {appFirst ? <AppStoreSection /> : <WebInstallSection />}
          {appFirst ? <WebInstallSection /> : <AppStoreSection />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
        {/* It only stops the automatic opening: the header's Download App still opens the dialog. */}
        {!isInstallOfferHidden() && (
          <Button color="inherit" onClick={dontShowAgain}>
            {t('dontShowAgain')}
          </Button>
        )}
        <Button onClick={closeInstallDialog}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
