import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { translateError } from '../../../lib/i18n';
import { usePartners } from '../api/get-partners';
import { useProgrammeSettings } from '../api/programme-settings';
import { ApplicationsSection } from './applications-section';
import { PartnerDialog } from './partner-dialog';
import { PartnersGrid } from './partners-grid';
import { SettingsForm } from './settings-form';

/** /control/cpa: applications to decide, partners with their traffic, and the programme's settings. */
export function CpaControlPage() {
  const { t } = useTranslation('cpa');
  const partners = usePartners();
  const settings = useProgrammeSettings();
  const [notice, setNotice] = useState<string | null>(null);
  const all = partners.data?.partners ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  // The open partner from the latest list, so a decision shows at once.
  const open = all.find((p) => p.userId === openId);

  return (
    <Stack spacing={4} sx={{ py: 3 }} data-testid="cpa-control">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('control.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
          {t('control.lead')}
        </Typography>
      </Box>

      {partners.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => partners.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, partners.error)}
        </Alert>
      )}

      {partners.data ? (
        <ApplicationsSection applications={all.filter((p) => p.status === 'applied')} onNotice={setNotice} />
      ) : (
        <Skeleton variant="rounded" height={120} />
      )}

      <Box component="section" aria-labelledby="cpa-partners-title">
        <Typography variant="h5" component="h2" id="cpa-partners-title" sx={{ mb: 1.5 }}>
          {t('control.partners')}
        </Typography>
        <PartnersGrid partners={all} loading={partners.isPending} onOpen={(row) => setOpenId(row.userId)} />
      </Box>

      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <Alert severity="error">{translateError(t, settings.error)}</Alert>
      ) : (
        <Skeleton variant="rounded" height={240} />
      )}

      {open && <PartnerDialog partner={open} onClose={() => setOpenId(null)} onNotice={setNotice} />}

      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="cpa-control-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
