import { useSyncExternalStore } from 'react';
import type { Me } from '@app/shared/schemas/user';
import { STORAGE_KEYS, storage } from './storage';

/** SPEC.md section 3 "Auth record": the token and the user with profile. */
export interface AuthRecord {
  token: string;
  user?: Me | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const logoutHandlers = new Set<() => void>();
let current: AuthRecord | null = storage.getJson<AuthRecord>(STORAGE_KEYS.auth);

function emit() {
  listeners.forEach((l) => l());
}

export const session = {
  get(): AuthRecord | null {
    return current;
  },
  token(): string | null {
    return current?.token ?? null;
  },
  /** Login, register and profile update all end here (SPEC.md section 4). */
  save(record: AuthRecord) {
    current = record;
    storage.set(STORAGE_KEYS.auth, JSON.stringify(record));
    storage.set(STORAGE_KEYS.accessKey, record.token);
    emit();
  },
  updateUser(user: Me) {
    if (!current) return;
    // Each page's first /me usually answers what is stored: telling every session reader (the whole
    // page re-renders at once) about an equal copy cost a slow phone a long task for nothing.
    if (JSON.stringify(current.user) === JSON.stringify(user)) return;
    session.save({ ...current, user });
  },
  /** Clears auth and everything cached for the user; listeners disconnect the socket and clear queries. */
  clear() {
    if (!current && !storage.get(STORAGE_KEYS.auth)) return;
    current = null;
    storage.remove(STORAGE_KEYS.auth);
    storage.remove(STORAGE_KEYS.accessKey);
    logoutHandlers.forEach((h) => h());
    emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  onLogout(handler: () => void) {
    logoutHandlers.add(handler);
    return () => logoutHandlers.delete(handler);
  },
};

// Another tab logging in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.auth) return;
    const next = storage.getJson<AuthRecord>(STORAGE_KEYS.auth);
    if (!next) session.clear();
    else {
      current = next;
      emit();
    }
  });
}

export function useSession(): AuthRecord | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
