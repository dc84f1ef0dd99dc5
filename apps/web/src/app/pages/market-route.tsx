import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { MarketPage } from '../../features/market/components/market-page';
import { RiskDisclaimer } from '../../features/legal/components/risk-disclaimer';
import { useCryptoInfo } from '../../features/wallet/api/get-crypto-info';
import { getWalletQueryOptions, useWallet } from '../../features/wallet/api/get-wallet';
import { useWalletEvents } from '../../features/wallet/lib/use-wallet-events';

/**
 * /market: the marketplace with the wallet's free balance and tokens and the risk disclaimer
 * composed in (features do not import each other).
 */
export function MarketRoute() {
  // The disclaimer's namespace loads with the page, so opening the purchase dialog never waits for it.
  useTranslation('content');
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const info = useCryptoInfo();
  useWalletEvents();
  const refreshWallet = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey }),
    [queryClient],
  );

  return (
    <MarketPage
      available={wallet.data?.withdrawable}
      heldNfts={wallet.data?.nfts}
      explorerUrl={info.data?.explorerUrl ?? null}
      disclaimer={<RiskDisclaimer headingLevel={4} />}
      depositHref="/account/market#deposit"
      walletHref="/account/market"
      onBalanceChange={refreshWallet}
    />
  );
}
