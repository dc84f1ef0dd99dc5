import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_BANNER_DELAY_MS } from '@app/shared/constants';
import { useCookieBannerAnswered } from '../lib/use-consents';

type Panel = typeof import('./cookie-banner-panel').CookieBannerPanel;

/**
 * SPEC.md section 4: the banner appears 3 s after load unless already answered, and closes 500 ms
 * after a button. Its code loads during those 3 s, and only for visitors who will see it, so it
 * is not part of the first download.
 */
export function CookieBanner() {
  const { i18n } = useTranslation();
  const answered = useCookieBannerAnswered();
  const [due, setDue] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(null);

  useEffect(() => {
    if (answered) return;
    let cancelled = false;
    // Code and texts together: a missing namespace would suspend the whole page for a moment.
    void Promise.all([import('./cookie-banner-panel'), i18n.loadNamespaces('consent')]).then(
      ([module]) => !cancelled && setPanel(() => module.CookieBannerPanel),
    );
    // Counted from the page's load, not from this component's start: a page the server rendered
    // ahead is on screen well before the scripts run.
    const timer = setTimeout(() => setDue(true), Math.max(0, COOKIE_BANNER_DELAY_MS - performance.now()));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [answered, i18n]);

  // Once loaded it stays rendered, so answering plays the closing slide.
  return Panel ? (
    <Suspense fallback={null}>
      <Panel open={due && !answered} />
    </Suspense>
  ) : null;
}
