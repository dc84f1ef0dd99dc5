import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import QrIcon from '@mui/icons-material/QrCode2';
import SendIcon from '@mui/icons-material/SendOutlined';
import type { CpaLink } from '@app/shared/schemas/cpa';
import { CopyButton } from '../../../components/copy-button';
import { QrCode } from '../../../components/qr-code';
import { useFormat } from '../../../lib/use-format';
import { landingKey } from '../../../lib/cpa-landing-key';
import { Figure } from './figure';

/**
 * One partner link: the URL to share (copy, QR), what it counted and earned, and edit and delete;
 * for an approved partner, a test postback to its callback.
 */
export function LinkCard({
  link,
  onEdit,
  onDelete,
  onTest,
  testing = false,
}: {
  link: CpaLink;
  onEdit: () => void;
  onDelete: () => void;
  /** Fires a test postback; absent for someone who is not an approved partner. */
  onTest?: () => void;
  testing?: boolean;
}) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const [qrOpen, setQrOpen] = useState(false);
  const conversion = link.hits > 0 ? `${format.number(((link.regs / link.hits) * 100).toFixed(1))}%` : '—';

  return (
    <Card data-testid="link-card" data-id={link.id}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="link-card-name">
              {link.name}
            </Typography>
            <Chip size="small" variant="outlined" label={t(`landing.${landingKey(link.landing)}`)} />
          </Stack>

          <Stack
            direction="row"
            sx={{ alignItems: 'center', gap: 0.5, bgcolor: 'action.hover', borderRadius: 2, pl: 1.5, pr: 0.5, py: 0.5 }}
          >
            <Typography
              sx={{ fontFamily: 'monospace', fontSize: 14, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              data-testid="link-url"
            >
              {link.url}
            </Typography>
            <CopyButton value={link.url} label={t('card.copy')} />
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {t('card.uidHint')}
          </Typography>

          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
            <Figure label={t('card.hits')} value={format.number(link.hits)} testId="link-hits" />
            <Figure label={t('card.regs')} value={format.number(link.regs)} testId="link-regs" />
            <Figure label={t('card.conversion')} value={conversion} testId="link-conversion" />
            <Figure label={t('card.value')} value={format.amount(link.value, 'USDT')} testId="link-value" />
            <Figure label={t('card.profit')} value={format.amount(link.profit, 'USDT')} testId="link-profit" />
            <Figure label={t('card.paid')} value={format.amount(link.paid, 'USDT')} testId="link-paid" />
          </Stack>

          {link.callbackDisabled && (
            <Alert severity="warning" data-testid="link-callback-disabled">
              {t('card.callbackDisabled')}
            </Alert>
          )}

          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="link-callback-text"
          >
            {link.callbackUrl ? t('card.callback', { url: link.callbackUrl }) : t('card.noCallback')}
            {' · '}
            {t('card.created', { date: format.date(link.createdAt) })}
          </Typography>

          <Collapse in={qrOpen} unmountOnExit>
            <QrCode value={link.url} label={t('card.qrLabel', { name: link.name })} testId="link-qr" />
          </Collapse>

          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              startIcon={<QrIcon />}
              color="inherit"
              onClick={() => setQrOpen((open) => !open)}
              aria-expanded={qrOpen}
            >
              {t(qrOpen ? 'card.hideQr' : 'card.showQr')}
            </Button>
            {onTest && link.callbackUrl && (
              <Button
                startIcon={<SendIcon />}
                color="inherit"
                onClick={onTest}
                disabled={testing}
                data-testid="link-test"
              >
                {t('card.test')}
              </Button>
            )}
            <Button startIcon={<EditIcon />} color="inherit" onClick={onEdit} data-testid="link-edit">
              {t('card.edit')}
            </Button>
            <Button startIcon={<DeleteIcon />} color="error" onClick={onDelete} data-testid="link-delete">
              {t('card.delete')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
