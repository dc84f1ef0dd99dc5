import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NFT_TYPE } from '@app/shared/constants';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RouterLink } from '../../../components/router-link';
import { translateError } from '../../../lib/i18n';
import { usePerson } from '../api/get-people';
import { usePersonAction } from '../api/person-actions';
import { personName } from '../lib/person-name';
import {
  KycSection,
  ProfileSection,
  ReportsSection,
  SessionsSection,
  TransactionsSection,
  WalletSection,
} from './person-sections';
import { ReferralSection } from './referral-section';
import { ReferrerDialog } from './referrer-dialog';
import { RoleChip } from './role-chip';
import { RoleDialog } from './role-dialog';

type Open = 'block' | 'unblock' | 'role' | 'icon' | 'referrer' | null;

/** /control/people/{id}: everything about one person, and what an admin may change. */
export function PersonPage({ id, myId }: { id: number; myId: number | undefined }) {
  const { t } = useTranslation('moderation');
  const person = usePerson(id);
  const act = usePersonAction();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (person.isError)
    return (
      <Stack spacing={2} sx={{ py: 3 }}>
        <Alert severity="error">{translateError(t, person.error)}</Alert>
        <Link component={RouterLink} href="/control/people">
          {t('person.back')}
        </Link>
      </Stack>
    );
  if (!person.data) return <Skeleton variant="rounded" height={320} sx={{ my: 3 }} />;

  const detail = person.data;
  const row = detail.person;
  const name = personName(row);
  const self = row.id === myId;
  const holdsIcon = detail.tokens.some((token) => token.type === NFT_TYPE.ICON);
  const done = (key: string) => () => {
    setOpen(null);
    setNotice(t(`person.done.${key}`, { name }));
  };

  const grantIcon = async () => {
    setError(null);
    try {
      await act.mutateAsync({ kind: 'icon', id: row.id });
      done('icon')();
    } catch (failure) {
      setOpen(null);
      setError(translateError(t, failure as { code?: string }));
    }
  };

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="control-person">
      <Link component={RouterLink} href="/control/people" variant="body2">
        {t('person.back')}
      </Link>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontSize: { xs: 24, md: 30 }, overflowWrap: 'anywhere' }}
              data-testid="person-name"
            >
              {name}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
              <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Typography>
              <RoleChip role={row.role} level={row.level} />
              {row.blockedAt && (
                <Chip size="small" color="error" label={t('people.blocked')} data-testid="person-blocked" />
              )}
              {row.deletedAt && <Chip size="small" label={t('person.deleted')} />}
            </Stack>
          </Box>
        </Stack>
        {!self && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {row.blockedAt ? (
              <Button
                variant="contained"
                color="success"
                onClick={() => setOpen('unblock')}
                data-testid="person-unblock"
              >
                {t('person.actions.unblock')}
              </Button>
            ) : (
              row.role !== 'admin' && (
                <Button variant="outlined" color="error" onClick={() => setOpen('block')} data-testid="person-block">
                  {t('person.actions.block')}
                </Button>
              )
            )}
            <Button variant="outlined" onClick={() => setOpen('role')} data-testid="person-set-role">
              {t('person.actions.role')}
            </Button>
            {!holdsIcon && (
              <Button variant="outlined" onClick={() => setOpen('icon')} data-testid="person-grant-icon">
                {t('person.actions.icon')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WalletSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReportsSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <KycSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TransactionsSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SessionsSection detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReferralSection detail={detail} onChangeReferrer={() => setOpen('referrer')} />
        </Grid>
      </Grid>

      {(open === 'block' || open === 'unblock') && (
        <ReasonDialog
          title={t(`person.${open}Dialog.title`, { name })}
          text={t(`person.${open}Dialog.text`)}
          label={t('reason')}
          confirm={t(`person.actions.${open}`)}
          cancel={t('cancel')}
          danger={open === 'block'}
          testId={`person-${open}-dialog`}
          onConfirm={async (reason) => {
            await act.mutateAsync({ kind: open, id: row.id, reason });
            setNotice(t(`person.done.${open}`, { name }));
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'role' && <RoleDialog person={row} name={name} onClose={() => setOpen(null)} onDone={done('role')} />}
      {open === 'referrer' && (
        <ReferrerDialog detail={detail} name={name} onClose={() => setOpen(null)} onDone={done('referrer')} />
      )}
      {open === 'icon' && (
        <Dialog open onClose={() => setOpen(null)} data-testid="person-icon-dialog">
          <DialogTitle>{t('person.iconDialog.title', { name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('person.iconDialog.text')}</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button color="inherit" onClick={() => setOpen(null)}>
              {t('cancel')}
            </Button>
            <Button variant="contained" onClick={grantIcon} disabled={act.isPending} data-testid="person-icon-confirm">
              {t('person.actions.icon')}
            </Button>
          </DialogActions>
        </Dialog>
      )}

      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="person-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
