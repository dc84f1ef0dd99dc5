/**
 * Chromium may fire `beforeinstallprompt` before the code that shows the install dialog has
 * loaded (a rendered public page loads it after the first paint). The page's first script holds
 * the event until then. The hold lives on window: the public bundle and the app are separate
 * builds, and either may be the one to take it.
 */
interface EarlyHold {
  event: Event | null;
  stop: () => void;
}

const KEY = '__earlyInstallPrompt';
type WithHold = Window & { [KEY]?: EarlyHold };

export function holdInstallPromptEarly() {
  const keep = (event: Event) => {
    event.preventDefault();
    hold.event = event;
  };
  const hold: EarlyHold = { event: null, stop: () => window.removeEventListener('beforeinstallprompt', keep) };
  window.addEventListener('beforeinstallprompt', keep);
  (window as WithHold)[KEY] = hold;
}

/** The event held so far, if any; the hold ends, from now on the caller listens itself. */
export function takeEarlyInstallPrompt(): Event | null {
  const hold = (window as WithHold)[KEY];
  if (!hold) return null;
  hold.stop();
  delete (window as WithHold)[KEY];
  return hold.event;
}
