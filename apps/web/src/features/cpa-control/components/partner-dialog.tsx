import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CpaPartnerRow } from '@app/shared/schemas/cpa-programme';
import { ApiError } from '../../../lib/api-client';
import { landingKey } from '../../../lib/cpa-landing-key';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useDecidePartner } from '../api/decide-partner';
import { usePartnerLinks } from '../api/partner-links';
import { RejectDialog } from './reject-dialog';

/**
 * One partner: what they told us, each of their links with its traffic and money, and the decision
 * that fits their state: withdraw an approval (with a reason they read), or approve a declined one.
 */
export function PartnerDialog({
  partner,
  onClose,
  onNotice,
}: {
  partner: CpaPartnerRow;
  onClose: () => void;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const links = usePartnerLinks(partner.userId);
  const decide = useDecidePartner();
  const [revoking, setRevoking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = partner.username ?? partner.email;

  const approve = async () => {
    setError(null);
    try {
      await decide.mutateAsync({ userId: partner.userId, decision: { decision: 'approve' } });
      onNotice(t('control.approved', { name }));
      onClose();
    } catch (e) {
      setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="md"
        aria-labelledby="cpa-partner-title"
        data-testid="cpa-partner-dialog"
      >
        <DialogTitle id="cpa-partner-title">
          {name} · {t(`partnerStatuses.${partner.status}`)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <Typography variant="body2" color="textSecondary">
              {partner.email} · {t('apply.contact')}: {partner.contact}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {partner.trafficSources}
            </Typography>
            <Typography variant="h6" component="h3">
              {t('control.partnerLinks', { count: links.data?.links.length ?? partner.links })}
            </Typography>
            {links.isError && <Alert severity="error">{translateError(t, links.error)}</Alert>}
            {links.isPending ? (
              <Skeleton variant="rounded" height={96} />
            ) : links.data?.links.length ? (
              <Table
                size="small"
                aria-label={t('control.partnerLinksLabel', { name })}
                sx={{ overflowX: 'auto', display: 'block' }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('form.name')}</TableCell>
                    <TableCell>{t('form.landing')}</TableCell>
                    <TableCell align="right">{t('card.hits')}</TableCell>
                    <TableCell align="right">{t('card.regs')}</TableCell>
                    <TableCell align="right">{t('card.value')}</TableCell>
                    <TableCell align="right">{t('card.profit')}</TableCell>
                    <TableCell align="right">{t('card.paid')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {links.data.links.map((link) => (
                    <TableRow key={link.id} data-testid="cpa-partner-link">
                      <TableCell>
                        <Typography variant="body2">{link.name}</Typography>
                        <Typography variant="caption" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
                          {link.callbackUrl ? t('card.callback', { url: link.callbackUrl }) : t('card.noCallback')}
                        </Typography>
                      </TableCell>
                      <TableCell>{t(`landing.${landingKey(link.landing)}`)}</TableCell>
                      <TableCell align="right">{link.hits}</TableCell>
                      <TableCell align="right">{link.regs}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {format.amount(link.value, 'USDT')}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {format.amount(link.profit, 'USDT')}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {format.amount(link.paid, 'USDT')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography color="textSecondary">{t('control.noLinks')}</Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('control.close')}
          </Button>
          {partner.status === 'approved' && (
            <Button color="error" variant="outlined" onClick={() => setRevoking(true)} data-testid="cpa-partner-revoke">
              {t('control.revokeAction')}
            </Button>
          )}
          {partner.status === 'rejected' && (
            <Button variant="contained" onClick={() => void approve()} disabled={decide.isPending}>
              {t('control.approve')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
      {revoking && (
        <RejectDialog
          partner={partner}
          mode="revoke"
          onClose={() => setRevoking(false)}
          onDone={() => {
            setRevoking(false);
            onNotice(t('control.revoked', { name }));
            onClose();
          }}
        />
      )}
    </>
  );
}
