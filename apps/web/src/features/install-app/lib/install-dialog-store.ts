import { useSyncExternalStore } from 'react';

/** One install dialog for the whole app: the header opens it, and so may the install offer. */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  open = value;
  for (const listener of listeners) listener();
}

export const openInstallDialog = () => set(true);
export const closeInstallDialog = () => set(false);

export function useInstallDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
