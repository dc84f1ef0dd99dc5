import { useCallback, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@app/shared/schemas/chat';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { sendMessage } from '../api/send-message';
import { conversationKey } from '../api/keys';
import { applyMessage } from './apply-events';

/**
 * Messages on their way: shown at once (optimistic), sent with a client message id made once per
 * message and reused on every retry, so the server stores each once (decision 011). A failed send
 * stays here as "not sent" until it is retried or discarded; the outbox survives a reload (local
 * storage) and is dropped at logout. A network failure is retried by itself when the connection
 * comes back; any other failure waits for the user.
 */

export interface OutboxItem {
  clientMessageId: string;
  conversationId: number;
  text: string;
  /** When it was written (ISO): the time shown until the server's copy replaces it. */
  createdAt: string;
  status: 'sending' | 'failed';
  /** The catalogue code of the last failure. */
  errorCode?: string;
  errorMessage?: string;
}

const STORAGE_KEY = 'chat-outbox';

function load(): OutboxItem[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const items = raw ? (JSON.parse(raw) as OutboxItem[]) : [];
    // Nothing is in flight after a reload: what was sending is "not sent" until retried.
    return Array.isArray(items)
      ? items.map((item) =>
          item.status === 'sending' ? { ...item, status: 'failed', errorCode: 'NETWORK_ERROR' } : item,
        )
      : [];
  } catch {
    return [];
  }
}

let items: OutboxItem[] = typeof window === 'undefined' ? [] : load();
const listeners = new Set<() => void>();
const inFlight = new Set<string>();

function set(next: OutboxItem[]) {
  items = next;
  try {
    if (items.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the outbox lives for this page only.
  }
  listeners.forEach((l) => l());
}

const patch = (clientMessageId: string, change: Partial<OutboxItem>) =>
  set(items.map((item) => (item.clientMessageId === clientMessageId ? { ...item, ...change } : item)));

/** The server has the message (its answer, 'chat:message' or a refetch showed it): it leaves the outbox. */
export function confirmSent(clientMessageId: string) {
  if (items.some((item) => item.clientMessageId === clientMessageId))
    set(items.filter((item) => item.clientMessageId !== clientMessageId));
}

export function discard(clientMessageId: string) {
  confirmSent(clientMessageId);
}

async function deliver(queryClient: QueryClient, item: OutboxItem) {
  if (inFlight.has(item.clientMessageId)) return;
  inFlight.add(item.clientMessageId);
  patch(item.clientMessageId, { status: 'sending', errorCode: undefined, errorMessage: undefined });
  try {
    const message: ChatMessage = await sendMessage(item.conversationId, {
      clientMessageId: item.clientMessageId,
      text: item.text,
    });
    applyMessage(queryClient, message);
    confirmSent(item.clientMessageId);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'NETWORK_ERROR', 'NETWORK_ERROR');
    patch(item.clientMessageId, { status: 'failed', errorCode: apiError.code, errorMessage: apiError.message });
    // Blocked meanwhile (by the peer, or from another tab): the thread learns it and shows why.
    if (apiError.code === 'USER_BLOCKED')
      void queryClient.invalidateQueries({ queryKey: conversationKey(item.conversationId) });
  } finally {
    inFlight.delete(item.clientMessageId);
  }
}

/** A version 4 UUID; randomUUID exists only on secure origins (not on a LAN address in development). */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Adds a message to the outbox and sends it. */
export function enqueue(queryClient: QueryClient, conversationId: number, text: string): OutboxItem {
  const item: OutboxItem = {
    clientMessageId: newClientMessageId(),
    conversationId,
    text,
    createdAt: new Date().toISOString(),
    status: 'sending',
  };
  set([...items, item]);
  void deliver(queryClient, item);
  return item;
}

/** Sends a failed message again, with the same client message id. */
export function retry(queryClient: QueryClient, clientMessageId: string) {
  const item = items.find((i) => i.clientMessageId === clientMessageId);
  if (item) void deliver(queryClient, item);
}

/** The connection is back: messages that failed for want of it go again. */
export function retryNetworkFailures(queryClient: QueryClient) {
  for (const item of items)
    if (item.status === 'failed' && (item.errorCode === 'NETWORK_ERROR' || item.errorCode === 'RATE_LIMITED'))
      void deliver(queryClient, item);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The outbox of one conversation, oldest first. */
export function useOutbox(conversationId: number): OutboxItem[] {
  // One array per snapshot of the store, so the filtered view is stable between renders.
  const select = useCallback(() => selectFor(conversationId), [conversationId]);
  return useSyncExternalStore(subscribe, select, select);
}

const cache = new Map<number, { source: OutboxItem[]; view: OutboxItem[] }>();
function selectFor(conversationId: number): OutboxItem[] {
  const hit = cache.get(conversationId);
  if (hit?.source === items) return hit.view;
  const view = items.filter((item) => item.conversationId === conversationId);
  // Keep the previous array when nothing of this conversation changed.
  const same = hit && hit.view.length === view.length && hit.view.every((v, i) => v === view[i]);
  const result = same ? hit.view : view;
  cache.set(conversationId, { source: items, view: result });
  return result;
}

if (typeof window !== 'undefined') {
  session.onLogout(() => set([]));
}
