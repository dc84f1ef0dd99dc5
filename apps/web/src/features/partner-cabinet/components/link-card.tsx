import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
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
import type { CpaLink } from '@app/shared/schemas/cpa';
import { CopyButton } from '../../../components/copy-button';
import { QrCode } from '../../../components/qr-code';
import { useFormat } from '../../../lib/use-format';
import { landingKey } from '../lib/landing-key';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** One partner link: the URL to share (copy, QR), what it counted, and edit and delete. */
export function LinkCard({ link, onEdit, onDelete }: { link: CpaLink; onEdit: () => void; onDelete: () => void }) {
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
          <Typography variant="body2" color="text.secondary">
            {t('card.uidHint')}
          </Typography>

          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
            <Figure label={t('card.hits')} value={format.number(link.hits)} testId="link-hits" />
            <Figure label={t('card.regs')} value={format.number(link.regs)} testId="link-regs" />
            <Figure label={t('card.conversion')} value={conversion} testId="link-conversion" />
          </Stack>

          <Typography
            variant="body2"
            color="text.secondary"
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
