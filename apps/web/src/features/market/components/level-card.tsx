import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import OwnedIcon from '@mui/icons-material/Verified';
import QueueIcon from '@mui/icons-material/HourglassTopOutlined';
import KycIcon from '@mui/icons-material/BadgeOutlined';
import { FIRST_MINT_DELAY_HOURS, KYC_REVIEW_HOURS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import type { MarketLevel } from '@app/shared/schemas/crypto';
import { RouterLink } from '../../../components/router-link';
import { toUnits, fromUnits } from '../../../lib/amounts';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';
import type { BuyTarget } from './buy-dialog';

/** Levels whose purchase needs an approved identity check (SPEC.md section 4: Gold and higher). */
export const KYC_LEVELS: ReadonlySet<string> = new Set(['GOLD', 'PLATINUM']);

const PERCENT = Math.round(SELLER_REWARD_SHARE * 100);
const parentReward = (price: string) => fromUnits((toUnits(price) * BigInt(PERCENT)) / 100n);

export interface LevelCardProps {
  level: MarketLevel;
  signedIn: boolean;
  /** Stable: the cards are memoised, and the market shows them one per commit (market-page.tsx). */
  onOpen: (target: BuyTarget) => void;
}

/** One level on sale: price, stock or queue, what it allows, the parents' share, and the way to buy. */
export const LevelCard = memo(function LevelCard({ level, signedIn, onOpen }: LevelCardProps) {
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const accent = LEVEL_ACCENT[level.level];
  const name = t(`common:levels.${level.level}`);
  const inStock = level.stock > 0;
  const queued = level.myQueuePosition !== null && level.myPurchaseId !== null;
  const allows = t(`market:levels.${level.level}.allows`, {
    returnObjects: true,
    firstMint: t('common:units.hours', { count: FIRST_MINT_DELAY_HOURS }),
    kycReview: t('common:units.hours', { count: KYC_REVIEW_HOURS }),
  }) as unknown as string[];

  let action;
  if (level.owned) {
    action = (
      <Button fullWidth variant="outlined" disabled startIcon={<OwnedIcon />}>
        {t('card.ownedButton')}
      </Button>
    );
  } else if (queued) {
    action = (
      <Button
        fullWidth
        variant="outlined"
        color="warning"
        onClick={() => level.myPurchaseId && onOpen({ kind: 'purchase', purchaseId: level.myPurchaseId })}
        data-testid="show-place"
      >
        {t('card.showPlace')}
      </Button>
    );
  } else if (!signedIn) {
    action = (
      <Button fullWidth variant="contained" href="/auth/login" LinkComponent={RouterLink}>
        {t('card.loginToBuy')}
      </Button>
    );
  } else {
    action = (
      <Button
        fullWidth
        variant={inStock ? 'contained' : 'outlined'}
        onClick={() => onOpen({ kind: 'buy', level: level.level })}
        data-testid="buy-button"
      >
        {inStock ? t('card.buy', { level: name }) : t('card.joinQueue')}
      </Button>
    );
  }

  return (
    <Card
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: level.owned ? accent : 'divider',
        borderTop: 3,
        borderTopColor: accent,
        background: `linear-gradient(180deg, ${accent}14 0%, transparent 38%)`,
      }}
      data-testid={`market-level-${level.level}`}
      data-stock={level.stock}
      data-owned={level.owned}
    >
      <CardContent sx={{ p: 3, flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            variant="h6"
            component="h3"
            sx={{ color: accent, textTransform: 'uppercase', fontSize: 14, letterSpacing: '0.08em' }}
          >
            {name}
          </Typography>
          {level.owned ? (
            <Chip size="small" color="success" icon={<OwnedIcon />} label={t('card.owned')} data-testid="owned-chip" />
          ) : queued ? (
            <Chip
              size="small"
              color="warning"
              icon={<QueueIcon />}
              label={t('card.myPlace', { position: level.myQueuePosition })}
              data-testid="queue-chip"
            />
          ) : KYC_LEVELS.has(level.level) ? (
            <Chip size="small" variant="outlined" icon={<KycIcon />} label={t('card.kyc')} />
          ) : null}
        </Stack>
        <Typography
          component="p"
          sx={{ fontSize: 34, fontWeight: 700, mt: 1, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          data-testid="level-price"
        >
          {f.number(level.price)}{' '}
          <Box component="span" sx={{ fontSize: 16, fontWeight: 500, color: 'text.secondary', ml: 0.5 }}>
            USDT
          </Box>
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          data-testid="availability"
        >
          {inStock ? (
            <Chip size="small" variant="outlined" color="success" label={t('card.inStock', { count: level.stock })} />
          ) : (
            <Chip size="small" variant="outlined" color="warning" label={t('card.soldOut')} />
          )}
          {(level.queueLength > 0 || !inStock) && (
            <Typography variant="body2" color="text.secondary">
              {level.queueLength === 0 ? t('card.queueEmpty') : t('card.queue', { count: level.queueLength })}
            </Typography>
          )}
        </Stack>

        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t(`market:levels.${level.level}.lead`)}
        </Typography>
        {/* Laid out as MUI's dense List, whose parts made about half of the level cards' first commit. */}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
          {allows.map((line) => (
            <Box component="li" key={line} sx={{ display: 'flex', alignItems: 'flex-start', py: 0.5 }}>
              <Box sx={{ display: 'inline-flex', flexShrink: 0, minWidth: 30, mt: 0.5, color: accent }}>
                <CheckIcon fontSize="small" />
              </Box>
              <Typography variant="body2" sx={{ flex: '1 1 auto', minWidth: 0, my: 0.5 }}>
                {line}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 'auto', pt: 2, borderTop: 1, borderColor: 'divider' }}>
          {t('card.parents', { percent: PERCENT, reward: f.number(parentReward(level.price)) })}
        </Typography>
        <Box sx={{ mt: 2 }}>{action}</Box>
      </CardContent>
    </Card>
  );
});
