import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DepositIcon from '@mui/icons-material/SouthWest';
import QueueIcon from '@mui/icons-material/HourglassTopOutlined';
import MintIcon from '@mui/icons-material/AutoAwesomeOutlined';
import type { ListedNft, Purchase } from '@app/shared/schemas/crypto';
import { FIRST_MINT_DELAY_HOURS, SALE_LEVELS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useInTurns } from '../../../lib/use-in-turns';
import { IconBadge } from '../../../components/icon-badge';
import { useMarket } from '../api/get-market';
import { usePurchases } from '../api/get-purchases';
import type { BuyTarget, SaleLevel } from './buy-dialog';
import { LevelCard } from './level-card';
import { MyPurchases } from './my-purchases';
import { OfferedToken } from './offered-token';

const isSaleLevel = (level: string): level is SaleLevel => (SALE_LEVELS as readonly string[]).includes(level);

const STEP_ICONS = { deposit: DepositIcon, buy: QueueIcon, mint: MintIcon } as const;

/**
 * The parts of the page that do not depend on the balance are memoised: the wallet's answers arrive
 * one by one after the page is up, and each used to render the whole page again (about 430
 * components, a long task on a slow phone).
 */
const HowItWorks = memo(function HowItWorks() {
  const { t } = useTranslation(['market', 'common']);
  const values = {
    firstMint: t('common:units.hours', { count: FIRST_MINT_DELAY_HOURS }),
    percent: Math.round(SELLER_REWARD_SHARE * 100),
  };
  return (
    <Box component="section" aria-labelledby="how-title">
      <Typography id="how-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('how.title')}
      </Typography>
      <Grid container spacing={2}>
        {(['deposit', 'buy', 'mint'] as const).map((step, i) => {
          const Icon = STEP_ICONS[step];
          return (
            <Grid key={step} size={{ xs: 12, md: 4 }}>
              <Card sx={{ p: 2.5, height: '100%', border: 1, borderColor: 'divider' }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                  <IconBadge>
                    <Icon fontSize="small" />
                  </IconBadge>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {i + 1}. {t(`how.${step}.title`)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {t(`how.${step}.text`, values)}
                </Typography>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
});

interface LevelsProps {
  signedIn: boolean;
  onOpen: (target: BuyTarget) => void;
}

/** The three levels on sale, skeletons until the market's answer is here, or its error with a retry. */
const Levels = memo(function Levels({ signedIn, onOpen }: LevelsProps) {
  const { t } = useTranslation(['market', 'common']);
  const market = useMarket();
  // A member's purchases show above the cards: the cards wait for them, so a list arriving later
  // cannot push a "Buy" button away from under a tap (the skeletons move instead).
  // isFetched: answered, or failed after its retries (TanStack Query counts both).
  const purchasesFetched = usePurchases().isFetched;
  const placed = !signedIn || purchasesFetched;
  // The cards replace their skeletons in a render React may slice and interrupt: the answer arrives
  // while the page is already up, and built at once the three cards were a long task on a slow phone.
  const levels = useDeferredValue(placed ? market.data?.levels : undefined);
  // And one card per commit: the three together were still one long task (their styles and DOM).
  const shown = useInTurns(levels?.length ?? 0, 1);
  return (
    <Box component="section" aria-labelledby="levels-title">
      <Typography id="levels-title" variant="h5" component="h2">
        {t('levelsTitle')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 0.5, mb: 2.5 }}>
        {t('levelsLead')}
      </Typography>
      {market.isError ? (
        <Alert severity="error" action={<Button onClick={() => market.refetch()}>{t('retry')}</Button>}>
          {translateError(t, market.error instanceof ApiError ? market.error : {})}
        </Alert>
      ) : (
        <Grid container spacing={2}>
          {(levels ?? [null, null, null]).map((level, i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              {level && i < shown ? (
                <LevelCard level={level} signedIn={signedIn} onOpen={onOpen} />
              ) : (
                <Skeleton variant="rounded" height={460} />
              )}
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
});

interface MarketBodyProps {
  signedIn: boolean;
  offerId: number | null;
  onOpen: (target: BuyTarget) => void;
  onOpenPurchase: (purchase: Purchase) => void;
  onDismissOffer: () => void;
}

/** The offered token, the member's purchases, the levels and how it works: none of it needs the wallet. */
export const MarketBody = memo(function MarketBody({
  signedIn,
  offerId,
  onOpen,
  onOpenPurchase,
  onDismissOffer,
}: MarketBodyProps) {
  return (
    <Container maxWidth="lg" sx={{ pb: { xs: 6, md: 10 } }}>
      <Stack spacing={{ xs: 4, md: 6 }}>
        {offerId !== null && (
          <OfferedToken
            nftId={offerId}
            onBuy={(nft: ListedNft) => {
              if (isSaleLevel(nft.level)) onOpen({ kind: 'buy', level: nft.level, nft });
            }}
            onDismiss={onDismissOffer}
          />
        )}
        {signedIn && <MyPurchases onOpen={onOpenPurchase} />}

        <Levels signedIn={signedIn} onOpen={onOpen} />

        <HowItWorks />
      </Stack>
    </Container>
  );
});
