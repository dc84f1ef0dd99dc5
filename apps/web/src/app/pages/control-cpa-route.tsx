import { CpaControlPage } from '../../features/cpa-control/components/cpa-control-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('cpa', 'msg', 'errors');

/** /control/cpa: applications, partners with their traffic, and the programme's settings. */
export function ControlCpaRoute() {
  return <CpaControlPage />;
}
