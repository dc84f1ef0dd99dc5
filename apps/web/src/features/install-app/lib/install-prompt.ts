import { useSyncExternalStore } from 'react';
import { isStandalone, onStandaloneChange } from './platform';
import { takeEarlyInstallPrompt } from './early-install-prompt';

/** Chromium's event (not in TypeScript's DOM types): it lets the page show the install prompt later. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallState {
  /** The browser offered installation and it can be prompted now. */
  canPrompt: boolean;
  /** Running as the installed app, or installed during this visit. */
  installed: boolean;
  /** Running as the installed app right now. */
  standalone: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installedNow = false;
const NOT_OFFERED: InstallState = { canPrompt: false, installed: false, standalone: false };
let state = NOT_OFFERED;
const listeners = new Set<() => void>();

function refresh() {
  const standalone = isStandalone();
  const next = { canPrompt: deferred !== null, installed: installedNow || standalone, standalone };
  if (next.canPrompt === state.canPrompt && next.installed === state.installed && next.standalone === state.standalone)
    return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Call once at start-up: the browser fires `beforeinstallprompt` once, often before React has
 * rendered anything (an event the page's first script held already is taken over here). Keeping
 * the event (instead of Chrome's own mini-infobar) lets the install dialog offer the prompt when
 * the visitor asks for it.
 */
export function captureInstallPrompt() {
  deferred = (takeEarlyInstallPrompt() as BeforeInstallPromptEvent | null) ?? deferred;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedNow = true;
    refresh();
  });
  refresh();
}

/** Shows the browser's install prompt; an event can be prompted only once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') installedNow = true;
    return outcome;
  } finally {
    refresh();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const stop = onStandaloneChange(refresh);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => NOT_OFFERED,
  );
}
