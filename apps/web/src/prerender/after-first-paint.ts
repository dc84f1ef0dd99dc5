/**
 * The hydration code is fetched once the page is on screen (its first contentful paint): on a slow
 * network its 150 KB would otherwise share the line with the page's fonts, and the text would wait
 * for Roboto longer. A tap meanwhile is held (@app/shared/web/hold-early-taps). A browser without
 * paint timing waits a frame; a tab opened in the background paints nothing, and gets a timer.
 */
export function afterFirstPaint(run: () => void) {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
  if (painted(performance.getEntriesByType('paint'))) setTimeout(once, 0);
  else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!painted(list.getEntries())) return;
      observer.disconnect();
      setTimeout(once, 0);
    });
    observer.observe({ type: 'paint' });
  } else requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}
