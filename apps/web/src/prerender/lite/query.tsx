import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * What the public pages use of TanStack Query, for the public bundle and its renderer only
 * (vite.config aliases `@tanstack/react-query` to this file in those two builds): the latest news
 * (a query), the feedback form (a mutation), and the signed-in user's query, which a visitor never
 * runs. TanStack Query is 10 KB gzipped of the start page's budget; this is about 1 KB. The app's
 * build uses the real library. Anything else imported from it in those builds fails the build.
 *
 * Kept from TanStack's behaviour: one cache entry per key shared by every reader, no fetch while
 * rendering (so the server renders the pending state, as the browser's first render does), a
 * fresh entry not fetched again within `staleTime`, and the client's `retry` rule with its backoff.
 */

export type QueryKey = readonly unknown[];
type RetryRule = boolean | number | ((failureCount: number, error: unknown) => boolean);

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  staleTime?: number;
  enabled?: boolean;
  initialData?: T;
  initialDataUpdatedAt?: number;
  retry?: RetryRule;
}

interface QueryState<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  updatedAt: number;
  fetching: boolean;
}

class Entry<T> {
  state: QueryState<T> = { status: 'pending', data: undefined, error: null, updatedAt: 0, fetching: false };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  set(next: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...next };
    this.listeners.forEach((listener) => listener());
  }
}

const MAX_RETRY_DELAY_MS = 30_000;
const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);

function shouldRetry(rule: RetryRule | undefined, failureCount: number, error: unknown): boolean {
  if (typeof rule === 'function') return rule(failureCount, error);
  if (typeof rule === 'number') return failureCount < rule;
  return rule ?? failureCount < 3;
}

export class QueryClient {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly retry: RetryRule | undefined;

  constructor(options: { defaultOptions?: { queries?: { retry?: RetryRule; refetchOnWindowFocus?: boolean } } } = {}) {
    this.retry = options.defaultOptions?.queries?.retry;
  }

  /** @internal the entry of a key, made on first use (from the initial data, if given). */
  entry<T>(key: QueryKey, initial?: { data: T; updatedAt: number }): Entry<T> {
    const hash = JSON.stringify(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = new Entry();
      if (initial)
        entry.state = { ...entry.state, status: 'success', data: initial.data, updatedAt: initial.updatedAt };
      this.entries.set(hash, entry);
    }
    return entry as Entry<T>;
  }

  /** @internal fetches unless fresh or already under way; failures retried by the client's rule. */
  async fetch<T>(options: QueryOptions<T>): Promise<void> {
    const entry = this.entry<T>(options.queryKey);
    const { state } = entry;
    const fresh = state.status === 'success' && Date.now() - state.updatedAt < (options.staleTime ?? 0);
    if (state.fetching || fresh) return;
    entry.set({ fetching: true });
    for (let failureCount = 0; ; failureCount++) {
      try {
        const data = await options.queryFn();
        entry.set({ status: 'success', data, error: null, updatedAt: Date.now(), fetching: false });
        return;
      } catch (error) {
        if (!shouldRetry(options.retry ?? this.retry, failureCount, error)) {
          entry.set({ status: 'error', error, fetching: false });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failureCount)));
      }
    }
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.entry<T>(key).state.data;
  }

  setQueryData<T>(key: QueryKey, data: T) {
    this.entry<T>(key).set({ status: 'success', data, error: null, updatedAt: Date.now() });
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('no QueryClient set, use QueryClientProvider to set one');
  return client;
}

export const queryOptions = <T,>(options: QueryOptions<T>): QueryOptions<T> => options;

export function useQuery<T>(options: QueryOptions<T>) {
  const client = useQueryClient();
  // Initial data without a time of its own counts as stale: it is shown, and fetched afresh.
  const initial =
    options.initialData === undefined
      ? undefined
      : { data: options.initialData, updatedAt: options.initialDataUpdatedAt ?? 0 };
  const entry = client.entry<T>(options.queryKey, initial);
  const state = useSyncExternalStore(
    entry.subscribe,
    () => entry.state,
    () => entry.state,
  );
  const enabled = options.enabled ?? true;
  const fetchIfDue = useEffectEvent(() => void client.fetch(options));
  useEffect(() => {
    if (enabled) fetchIfDue();
  }, [client, entry, enabled]);
  return {
    data: state.data,
    error: state.error,
    status: state.status,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    isFetching: state.fetching,
    refetch: () => client.fetch({ ...options, staleTime: 0 }),
  };
}

export function useMutation<T, V>({ mutationFn }: { mutationFn: (variables: V) => Promise<T> }) {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'success' | 'error'; data?: T; error: unknown }>({
    status: 'idle',
    error: null,
  });
  const mutateAsync = useCallback(
    async (variables: V) => {
      setState({ status: 'pending', error: null });
      try {
        const data = await mutationFn(variables);
        setState({ status: 'success', data, error: null });
        return data;
      } catch (error) {
        setState({ status: 'error', error });
        throw error;
      }
    },
    [mutationFn],
  );
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutateAsync,
    mutate: (variables: V) => void mutateAsync(variables).catch(() => undefined),
    reset: () => setState({ status: 'idle', error: null }),
  };
}
