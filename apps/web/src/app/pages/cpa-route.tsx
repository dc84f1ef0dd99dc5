import { CpaPage } from '../../features/partner-cabinet/components/cpa-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('cpa', 'msg', 'errors');

/** /cpa: the partners' cabinet with its own sign-in (no login guard: signed out, it shows the form). */
export function CpaRoute() {
  return <CpaPage />;
}
