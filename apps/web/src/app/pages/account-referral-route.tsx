import { ReferralPage } from '../../features/referral/components/referral-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('referral', 'msg', 'errors');

/** /account/referral: the referral link, income, traffic and the referral tree. */
export function AccountReferralRoute() {
  return <ReferralPage />;
}
