import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MarketPage } from '../../features/market/components/market-page';
import { RiskDisclaimer } from '../../features/legal/components/risk-disclaimer';
import { useCryptoInfo } from '../../features/wallet/api/get-crypto-info';
import { getWalletQueryOptions, useWallet } from '../../features/wallet/api/get-wallet';
import { useWalletEvents } from '../../features/wallet/lib/use-wallet-events';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('market');

/**
 * Keeps the wallet live while the market is open. A component of its own: the socket's arrival
 * re-renders this, not the whole page.
 */
function WalletEvents() {
  useWalletEvents();
  return null;
}

/**
 * /market: the marketplace with the wallet's free balance and tokens and the risk disclaimer
 * composed in (features do not import each other).
 */
export function MarketRoute() {
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const info = useCryptoInfo();
  const refreshWallet = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey }),
    [queryClient],
  );

  return (
    <>
      <WalletEvents />
      <MarketPage
        available={wallet.data?.withdrawable}
        heldNfts={wallet.data?.nfts}
        explorerUrl={info.data?.explorerUrl ?? null}
        disclaimer={<RiskDisclaimer headingLevel={4} />}
        depositHref="/account/market#deposit"
        walletHref="/account/market"
        onBalanceChange={refreshWallet}
      />
    </>
  );
}
