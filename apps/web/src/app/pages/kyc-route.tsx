import { KycPage } from '../../features/kyc/components/kyc-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('kyc', 'msg', 'errors');

/** /kyc: the person's identity verification. */
export function KycRoute() {
  return <KycPage />;
}
