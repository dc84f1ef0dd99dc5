import { JobsPage } from '../../features/control-jobs/components/jobs-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('operations', 'msg', 'errors');

/** /control/jobs: failed jobs, chain steps and reconciliation. */
export function ControlJobsRoute() {
  return <JobsPage />;
}
