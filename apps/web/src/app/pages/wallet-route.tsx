import { WalletPage } from '../../features/wallet/components/wallet-page';

/** /account/market: the wallet. */
export function WalletRoute() {
  return <WalletPage />;
}
