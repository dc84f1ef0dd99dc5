import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import type { MyCompany, PromotionDays } from '@app/shared/schemas/business';
import { PROMOTED_COLOR } from '../../../components/company-card';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useFormat } from '../../../lib/use-format';
import { useOffer } from '../api/get-company';
import { useBuyPromotion } from '../api/buy-promotion';

/**
 * The promoted pin: what runs now and what is bought ahead, then the purchase (7 or 30 days at
 * the configured price) with the wallet's balance beside it; too little money says so and links
 * to the deposit instead of letting the payment fail.
 */
export function PromotionPanel({ state }: { state: MyCompany }) {
  const { t } = useTranslation('business');
  const format = useFormat();
  const offer = useOffer(Boolean(state.company));
  const key = useIdempotencyKey();
  const buy = useBuyPromotion(key);
  const [days, setDays] = useState<PromotionDays>(7);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const current = state.promotions.filter((p) => p.status === 'active' || p.status === 'scheduled').reverse();
  const price = offer.data?.prices.find((p) => p.days === days)?.price;
  const short = offer.data && price !== undefined && Number(offer.data.available) < Number(price);
  const placed = Boolean(state.company?.place);

  async function pay() {
    setError(null);
    setNotice(null);
    try {
      const bought = await buy.mutateAsync(days);
      setNotice(
        t(bought.status === 'active' ? 'promotion.boughtNow' : 'promotion.boughtNext', {
          date: format.dateTime(bought.endsAt),
        }),
      );
    } catch (e) {
      setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));
    }
    void offer.refetch();
  }

  return (
    <Card variant="outlined" data-testid="promotion-panel">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CampaignIcon sx={{ color: PROMOTED_COLOR }} />
            <Typography variant="h6" component="h2">
              {t('promotion.title')}
            </Typography>
          </Stack>
          <Typography color="textSecondary">{t('promotion.text')}</Typography>

          {current.map((p) => (
            <Alert
              key={p.id}
              severity={p.status === 'active' ? 'success' : 'info'}
              icon={<CampaignIcon />}
              data-testid={`promotion-${p.status}`}
            >
              {p.status === 'active'
                ? t('promotion.activeUntil', { date: format.dateTime(p.endsAt), days: p.days })
                : t('promotion.scheduled', { from: format.dateTime(p.startsAt), to: format.dateTime(p.endsAt) })}
            </Alert>
          ))}

          {!placed ? (
            <Alert severity="info" data-testid="promotion-needs-place">
              {t('promotion.needsPlace')}
            </Alert>
          ) : offer.isPending ? (
            <Skeleton variant="rounded" height={96} />
          ) : offer.data ? (
            <Stack spacing={2}>
              <ToggleButtonGroup
                exclusive
                value={days}
                onChange={(_, value: PromotionDays | null) => value && setDays(value)}
                aria-label={t('promotion.length')}
                sx={{ flexWrap: 'wrap' }}
              >
                {offer.data.prices.map((option) => (
                  <ToggleButton
                    key={option.days}
                    value={option.days}
                    data-testid={`promotion-days-${option.days}`}
                    sx={{ px: 2.5, py: 1, textTransform: 'none', flexDirection: 'column', alignItems: 'flex-start' }}
                  >
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {t('promotion.days', { count: option.days })}
                    </Box>
                    <Box component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
                      {format.amount(option.price, 'USDT')}
                    </Box>
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Typography variant="body2" color="textSecondary" data-testid="promotion-balance">
                {t('promotion.balance', { amount: format.amount(offer.data.available, 'USDT') })}
              </Typography>
              {short && !notice && (
                <Alert severity="warning" data-testid="promotion-short">
                  {t('promotion.short', { price: format.amount(price!, 'USDT') })}{' '}
                  <Link component={RouterLink} href="/account/market#deposit" data-testid="promotion-deposit">
                    {t('promotion.deposit')}
                  </Link>
                </Alert>
              )}
              {error && <Alert severity="error">{error}</Alert>}
              {notice && (
                <Alert severity="success" data-testid="promotion-notice">
                  {notice}
                </Alert>
              )}
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void pay()}
                  disabled={Boolean(short) || buy.isPending}
                  data-testid="promotion-buy"
                  sx={{ bgcolor: PROMOTED_COLOR, color: '#0a0b0f', '&:hover': { bgcolor: '#dc8f10' } }}
                >
                  {t('promotion.buy', { price: format.amount(price ?? '0', 'USDT') })}
                </Button>
              </Box>
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
