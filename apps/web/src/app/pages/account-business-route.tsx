import { BusinessPage } from '../../features/business/components/business-page';
import { loadTexts } from '../../lib/i18n';
import { publicConfig } from '../../lib/public-config';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('business', 'msg', 'errors');

/** Used when a server of an older build does not name a style. */
const FALLBACK_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** /account/business: the person's company and its promoted pin on the live map. */
export function AccountBusinessRoute() {
  return <BusinessPage styleUrl={publicConfig().mapStyleUrl || FALLBACK_STYLE_URL} />;
}
