import { MonitorPage } from '../../features/control-monitor/components/monitor-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('operations', 'errors');

/** /control/monitor: live figures and charts over time. */
export function ControlMonitorRoute() {
  return <MonitorPage />;
}
