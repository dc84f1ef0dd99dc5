import { ReportsPage } from '../../features/report-queue/components/reports-page';
import { useMe } from '../../features/session/api/get-me';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('moderation', 'msg', 'errors');

/** /control/reports: the report queue; only admins decide (the server checks it again). */
export function ControlReportsRoute() {
  const { data: me } = useMe();
  return <ReportsPage myId={me?.id} canDecide={me?.role === 'admin'} />;
}
