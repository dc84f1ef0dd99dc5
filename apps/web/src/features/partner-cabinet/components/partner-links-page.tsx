import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { CpaLink } from '@app/shared/schemas/cpa';
import { translateError } from '../../../lib/i18n';
import { useDeleteLink } from '../api/delete-link';
import { useLinks } from '../api/get-links';
import { useTestPostback } from '../api/test-postback';
import { LinkCard } from './link-card';
import { LinkFormDialog } from './link-form-dialog';

type Notice = 'created' | 'saved' | 'deleted' | 'testSent';

/**
 * The partner links of the signed-in person: create, share (copy, QR), see visits, registrations and
 * money, edit, delete; an approved partner (`partner`) also fires test postbacks from here.
 */
export function PartnerLinksPage({ partner = false }: { partner?: boolean }) {
  const { t } = useTranslation('cpa');
  const links = useLinks();
  const remove = useDeleteLink();
  const test = useTestPostback();
  const [failure, setFailure] = useState<string | null>(null);
  // The form dialog: closed, a new link, or the link being edited (a key per link resets its form).
  const [editing, setEditing] = useState<CpaLink | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CpaLink | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const done = (kind: Notice) => {
    setEditing(null);
    setDeleting(null);
    setNotice(kind);
  };

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="link-new">
      {t('new')}
    </Button>
  );

  return (
    <Box sx={{ py: 3 }} data-testid="partner-links">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 3, alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 680 }}>
            {t('lead')}
          </Typography>
        </Box>
        {links.data && links.data.links.length > 0 && <Box sx={{ flexShrink: 0 }}>{newButton}</Box>}
      </Stack>

      {links.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{t('loading')}</Typography>
        </Stack>
      )}
      {links.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => links.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadError')}
        </Alert>
      )}
      {links.data?.links.length === 0 && (
        <Card data-testid="links-empty">
          <CardContent>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h6" component="h3">
                {t('empty.title')}
              </Typography>
              <Typography color="textSecondary" sx={{ maxWidth: 620 }}>
                {t('empty.text')}
              </Typography>
              {newButton}
            </Stack>
          </CardContent>
        </Card>
      )}
      {links.data && links.data.links.length > 0 && (
        <Stack spacing={2}>
          {links.data.links.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              onEdit={() => setEditing(link)}
              onDelete={() => setDeleting(link)}
              testing={test.isPending && test.variables === link.id}
              onTest={
                partner
                  ? () =>
                      test.mutate(link.id, {
                        onSuccess: () => setNotice('testSent'),
                        onError: (error) => setFailure(translateError(t, error)),
                      })
                  : undefined
              }
            />
          ))}
        </Stack>
      )}

      {editing && (
        <LinkFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          link={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onDone={done}
        />
      )}

      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} data-testid="link-delete-dialog">
        <DialogTitle>{t('deleteDialog.title', { name: deleting?.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('deleteDialog.text')}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translateError(t, remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setDeleting(null)}>
            {t('deleteDialog.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            data-testid="link-delete-confirm"
            onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => done('deleted') })}
          >
            {t('deleteDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="links-notice">
          {notice && t(`notice.${notice}`)}
        </Alert>
      </Snackbar>
      <Snackbar
        open={Boolean(failure)}
        autoHideDuration={6000}
        onClose={() => setFailure(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setFailure(null)} data-testid="links-failure">
          {failure}
        </Alert>
      </Snackbar>
    </Box>
  );
}
