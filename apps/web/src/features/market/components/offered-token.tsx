import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import type { ListedNft, UserRef } from '@app/shared/schemas/crypto';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useListedNft } from '../api/get-listed-nft';
import { useMarket } from '../api/get-market';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';

export interface OfferedTokenProps {
  nftId: number;
  onBuy: (nft: ListedNft) => void;
  onDismiss: () => void;
}

/** The token a ?nft= link pointed at, offered before everything else; if it is sold, the page says so. */
export function OfferedToken({ nftId, onBuy, onDismiss }: OfferedTokenProps) {
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const levels = useMarket().data?.levels;
  const { data: nft, error, isPending } = useListedNft(nftId);

  if (isPending) return <Skeleton variant="rounded" height={132} />;

  if (error || !nft) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <Alert
        severity={gone ? 'info' : 'warning'}
        data-testid="offered-gone"
        action={
          <Button color="inherit" onClick={onDismiss}>
            {t('offer.dismiss')}
          </Button>
        }
      >
        <AlertTitle>
          {gone ? t('offer.goneTitle', { id: nftId }) : translateError(t, error instanceof ApiError ? error : {})}
        </AlertTitle>
        {t('offer.goneText')}
      </Alert>
    );
  }

  const accent = LEVEL_ACCENT[nft.level as keyof typeof LEVEL_ACCENT];
  const level = levels?.find((l) => l.level === nft.level);
  const who = (ref: UserRef) => (ref.domain ? `@${ref.domain}` : `UID ${ref.id}`);
  const parents = [nft.parent1, nft.parent2].filter((p): p is UserRef => Boolean(p));

  return (
    <Card
      sx={{
        p: { xs: 2, sm: 3 },
        border: 2,
        borderColor: accent,
        background: `linear-gradient(120deg, ${accent}22 0%, transparent 60%)`,
      }}
      data-testid="offered-token"
      data-nft-id={nft.id}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5} sx={{ alignItems: { md: 'center' } }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            flexShrink: 0,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: `${accent}33`,
            color: accent,
          }}
        >
          <LinkIcon />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="textSecondary">
            {t('offer.eyebrow')}
          </Typography>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {nft.name}
            {!nft.name.includes(`#${nft.id}`) && (
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.7em', ml: 1 }}>
                #{nft.id}
              </Box>
            )}
          </Typography>
          <Typography color="textSecondary">
            {t('offer.details', { level: t(`common:levels.${nft.level}`), price: f.amount(nft.price, 'USDT') })}
            {parents.length > 0 && ` · ${t('offer.parents', { parents: parents.map(who).join(' & ') })}`}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
          <Button onClick={onDismiss}>{t('offer.notNow')}</Button>
          <Button
            variant="contained"
            size="large"
            disabled={!level || level.owned}
            onClick={() => onBuy(nft)}
            data-testid="buy-offered"
          >
            {level?.owned ? t('card.ownedButton') : t('offer.buy')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
