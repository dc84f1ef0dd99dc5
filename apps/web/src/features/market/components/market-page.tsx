import {
  createContext,
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import DepositIcon from '@mui/icons-material/SouthWest';
import QueueIcon from '@mui/icons-material/HourglassTopOutlined';
import MintIcon from '@mui/icons-material/AutoAwesomeOutlined';
import type { ListedNft, Nft, Purchase } from '@app/shared/schemas/crypto';
import { FIRST_MINT_DELAY_HOURS, SALE_LEVELS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError, translateMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { getBuyingNftId } from '../../../lib/start-params';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useMarket } from '../api/get-market';
import { usePurchases } from '../api/get-purchases';
import { useMarketEvents } from '../lib/use-market-events';
import { useSocketConnected } from '../../../lib/socket';
import { useFormat } from '../../../lib/use-format';
import { useInTurns } from '../../../lib/use-in-turns';
import type { BuyDialogProps, BuyTarget, SaleLevel } from './buy-dialog';
import { LevelCard } from './level-card';
import { MyPurchases } from './my-purchases';
import { OfferedToken } from './offered-token';

export interface MarketPageProps {
  /** Free USDT of the signed-in user (the wallet's withdrawable); undefined while unknown or for guests. */
  available?: string;
  /** Tokens held, to name the one just bought. */
  heldNfts?: Nft[];
  explorerUrl: string | null;
  /** The risk disclaimer, shown before paying. */
  disclaimer: ReactNode;
  depositHref: string;
  walletHref: string;
  /** Money moved (a purchase ended, a queue place was cancelled): the balances should refresh. */
  onBalanceChange?: () => void;
}

/**
 * The buy flow (its form, validation, stepper and dialog) is about a third of the page's code and
 * opens on a tap: it loads when someone reaches for the page's controls, not with the page.
 */
const loadBuyDialog = () => import('./buy-dialog');
const BuyDialog = lazy(() => loadBuyDialog().then((m) => ({ default: m.BuyDialog })));
const preloadBuyDialog = {
  onPointerEnter: () => void loadBuyDialog(),
  onFocus: () => void loadBuyDialog(),
  onTouchStart: () => void loadBuyDialog(),
};

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
                  <Box
                    sx={{
                      width: 36,
                      height: 36,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(47,123,255,0.15)',
                      color: 'primary.main',
                    }}
                  >
                    <Icon fontSize="small" />
                  </Box>
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

/**
 * The page's live parts are components of their own: the socket's arrival and each (re)connect
 * re-render them, not the whole page (a slow phone spent a long task re-rendering it).
 */
function MarketEvents() {
  useMarketEvents();
  return null;
}

/** Holds its place while the socket connects, so its arrival moves nothing (a layout shift). */
function LiveChip() {
  const { t } = useTranslation('market');
  const live = useSocketConnected();
  return (
    <Chip
      aria-hidden={!live}
      size="small"
      variant="outlined"
      color="success"
      label={t('hero.live')}
      data-testid="market-live"
      icon={
        <Box
          component="span"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', ml: '8px !important' }}
        />
      }
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, visibility: live ? 'visible' : 'hidden' }}
    />
  );
}

/**
 * The free balance reaches its figure through a context: the wallet's answer, arriving after the page
 * is up, renders the figure alone, not the head around it (about 70 components).
 */
const AvailableContext = createContext<string | undefined>(undefined);

function AvailableAmount() {
  const available = useContext(AvailableContext);
  const f = useFormat();
  return available !== undefined ? f.amount(available, 'USDT') : '…';
}

interface MarketHeroProps {
  signedIn: boolean;
  depositHref: string;
  walletHref: string;
}

/** The page's head with the free balance. */
const MarketHero = memo(function MarketHero({ signedIn, depositHref, walletHref }: MarketHeroProps) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <PageHeader eyebrow={t('common:nav.market')} title={t('hero.title')} lead={t('hero.lead')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, pt: 1 }}>
        {signedIn ? (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              sx={{
                alignItems: 'center',
                px: 2,
                py: 1.25,
                borderRadius: 3,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <WalletIcon color="primary" />
              <Box>
                <Typography variant="caption" color="textSecondary" sx={{ display: 'block', lineHeight: 1.3 }}>
                  {t('hero.available')}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="market-available">
                  <AvailableAmount />
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" href={depositHref} LinkComponent={RouterLink} startIcon={<DepositIcon />}>
                {t('hero.deposit')}
              </Button>
              <Button variant="outlined" href={walletHref} LinkComponent={RouterLink}>
                {t('hero.wallet')}
              </Button>
            </Stack>
          </>
        ) : (
          <Alert
            severity="info"
            data-testid="guest-notice"
            action={
              <Button href="/auth/login" LinkComponent={RouterLink} color="inherit">
                {t('common:nav.login')}
              </Button>
            }
          >
            {translateMessage(t, 'msg.login-to-buy')}
          </Alert>
        )}
        {signedIn && <LiveChip />}
      </Stack>
    </PageHeader>
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
const MarketBody = memo(function MarketBody({
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

/** The buy dialog takes the levels on sale as the market last told them. */
function MarketBuyDialog(props: Omit<BuyDialogProps, 'levels'>) {
  const levels = useMarket().data?.levels;
  if (!levels) return null;
  return (
    <Suspense fallback={null}>
      <BuyDialog {...props} levels={levels} />
    </Suspense>
  );
}

/**
 * /market: the three levels, the buy flow with its queue, and live progress of each purchase. Each
 * answer that arrives after the page is up (the market, the wallet, the chain's facts) renders only
 * the part that shows it: a slow phone spent a long task rendering the whole page for each.
 */
export function MarketPage({
  available,
  heldNfts,
  explorerUrl,
  disclaimer,
  depositHref,
  walletHref,
  onBalanceChange,
}: MarketPageProps) {
  const signedIn = Boolean(useSession()?.token);
  const [offerId, setOfferId] = useState<number | null>(() => getBuyingNftId());
  const [dialog, setDialog] = useState<{ key: number; target: BuyTarget } | null>(null);

  const open = useCallback((target: BuyTarget) => setDialog({ key: Date.now(), target }), []);
  const openPurchase = useCallback((p: Purchase) => open({ kind: 'purchase', purchaseId: p.id }), [open]);
  const dismissOffer = useCallback(() => {
    storage.remove(STORAGE_KEYS.buyingNftId);
    setOfferId(null);
  }, []);
  const onFinal = useCallback(
    (purchase: Purchase) => {
      onBalanceChange?.();
      if (purchase.status === 'COMPLETED' && purchase.requestedNftId !== null && purchase.requestedNftId === offerId)
        dismissOffer();
    },
    [onBalanceChange, offerId, dismissOffer],
  );

  return (
    <Box data-testid="market" {...preloadBuyDialog}>
      <MarketEvents />
      <AvailableContext value={available}>
        <MarketHero signedIn={signedIn} depositHref={depositHref} walletHref={walletHref} />
      </AvailableContext>
      <MarketBody
        signedIn={signedIn}
        offerId={offerId}
        onOpen={open}
        onOpenPurchase={openPurchase}
        onDismissOffer={dismissOffer}
      />
      {dialog && (
        <MarketBuyDialog
          key={dialog.key}
          target={dialog.target}
          signedIn={signedIn}
          available={available}
          heldNfts={heldNfts}
          explorerUrl={explorerUrl}
          disclaimer={disclaimer}
          depositHref={depositHref}
          walletHref={walletHref}
          onClose={() => setDialog(null)}
          onFinal={onFinal}
          onDropNft={() => {
            const level = dialog.target.kind === 'buy' ? dialog.target.level : null;
            dismissOffer();
            if (level) open({ kind: 'buy', level });
            else setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
