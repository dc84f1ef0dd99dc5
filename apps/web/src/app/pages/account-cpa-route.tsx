import { AccountCpaPage } from '../../features/partner-cabinet/components/account-cpa-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('cpa', 'msg', 'errors');

/** /account/cpa: the signed-in person's partner links, and the partner cabinet once approved. */
export function AccountCpaRoute() {
  return <AccountCpaPage />;
}
