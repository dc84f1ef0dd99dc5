import { AuditPage } from '../../features/control-audit/components/audit-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('operations', 'errors');

/** /control/audit: the audit log. */
export function ControlAuditRoute() {
  return <AuditPage />;
}
