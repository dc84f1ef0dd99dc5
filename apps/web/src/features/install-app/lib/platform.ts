/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** A phone or tablet: where a home-screen app is worth offering. */
export function isMobileDevice(): boolean {
  return isIos() || /Android|Mobile/i.test(navigator.userAgent) || window.matchMedia('(pointer: coarse)').matches;
}

const STANDALONE = '(display-mode: standalone)';

/** Running as the installed app (iOS Safari reports it with its own flag). */
export function isStandalone(): boolean {
  return (
    window.matchMedia(STANDALONE).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function onStandaloneChange(listener: () => void) {
  const query = window.matchMedia(STANDALONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
