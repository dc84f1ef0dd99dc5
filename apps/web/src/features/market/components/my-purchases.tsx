import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronIcon from '@mui/icons-material/ChevronRight';
import type { Purchase } from '@app/shared/schemas/crypto';
import { usePurchases } from '../api/get-purchases';
import { isFinal } from '../lib/purchase-progress';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';
import { PurchaseStatusChip } from './purchase-status-chip';

const RECENT_SHOWN = 3;

/**
 * The caller's purchases in the queue or on their way, and the last few finished ones. Memoised:
 * the market page renders again when the balance arrives; the purchases need not.
 */
export const MyPurchases = memo(function MyPurchases({ onOpen }: { onOpen: (purchase: Purchase) => void }) {
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const { data } = usePurchases();
  const items = data?.items ?? [];
  const active = items.filter((p) => !isFinal(p.status));
  const recent = items.filter((p) => isFinal(p.status)).slice(0, Math.max(0, RECENT_SHOWN - active.length));
  const shown = [...active, ...recent];
  if (!shown.length) return null;

  return (
    <Box component="section" aria-labelledby="purchases-title">
      <Typography id="purchases-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('purchases.title')}
      </Typography>
      <Card sx={{ border: 1, borderColor: 'divider' }} data-testid="my-purchases">
        {shown.map((p, i) => (
          <CardActionArea
            key={p.id}
            onClick={() => onOpen(p)}
            aria-label={t('purchases.open', { level: t(`common:levels.${p.level}`) })}
            sx={{ borderTop: i ? 1 : 0, borderColor: 'divider' }}
            data-testid="purchase-row"
            data-status={p.status}
          >
            <Stack direction="row" spacing={2} sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5, alignItems: 'center' }}>
              <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: LEVEL_ACCENT[p.level], flexShrink: 0 }} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {t(`common:levels.${p.level}`)} · {f.amount(p.price, 'USDT')}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {f.dateTime(p.createdAt)}
                </Typography>
              </Box>
              <PurchaseStatusChip status={p.status} position={p.queuePosition} />
              <ChevronIcon sx={{ color: 'text.secondary' }} />
            </Stack>
          </CardActionArea>
        ))}
      </Card>
    </Box>
  );
});
