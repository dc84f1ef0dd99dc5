import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Nft, Purchase } from '@app/shared/schemas/crypto';
import { useSession } from '../../../lib/session';
import { getBuyingNftId } from '../../../lib/start-params';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useMarket } from '../api/get-market';
import { useMarketEvents } from '../lib/use-market-events';
import type { BuyDialogProps, BuyTarget } from './buy-dialog';
import { MarketBody } from './market-body';
import { AvailableContext, MarketHero } from './market-hero';

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

/**
 * The page's live parts are components of their own: the socket's arrival and each (re)connect
 * re-render them, not the whole page (a slow phone spent a long task re-rendering it).
 */
function MarketEvents() {
  useMarketEvents();
  return null;
}

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
