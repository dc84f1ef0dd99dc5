// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from './query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Reader({ fetchNews, staleTime = 0 }: { fetchNews: () => Promise<string[]>; staleTime?: number }) {
  const { data, status, error } = useQuery({ queryKey: ['news', { limit: 3 }], queryFn: fetchNews, staleTime });
  return <p>{status === 'error' ? `error ${String(error)}` : (data?.join(',') ?? status)}</p>;
}

describe('the public pages’ query stand-in', () => {
  let container: HTMLDivElement | undefined;
  afterEach(() => {
    container?.remove();
    vi.useRealTimers();
  });

  async function render(node: React.ReactNode) {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(node));
    return { page: container, root };
  }
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  it('renders the pending state on the server without fetching', () => {
    const fetchNews = vi.fn(async () => ['a']);
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Reader fetchNews={fetchNews} />
      </QueryClientProvider>,
    );
    expect(html).toContain('pending');
    expect(fetchNews).not.toHaveBeenCalled();
  });

  it('fetches once for every reader of a key, and not again while fresh', async () => {
    const fetchNews = vi.fn(async () => ['first', 'second']);
    const client = new QueryClient();
    const { page, root } = await render(
      <QueryClientProvider client={client}>
        <Reader fetchNews={fetchNews} staleTime={60_000} />
        <Reader fetchNews={fetchNews} staleTime={60_000} />
      </QueryClientProvider>,
    );
    await settle();
    expect(page.textContent).toBe('first,secondfirst,second');
    expect(fetchNews).toHaveBeenCalledTimes(1);
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <Reader fetchNews={fetchNews} staleTime={60_000} />
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(fetchNews).toHaveBeenCalledTimes(1);
  });

  it('follows the client’s retry rule, with a growing wait between tries', async () => {
    vi.useFakeTimers();
    const fetchNews = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(['back']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: (count) => count < 2 } } });
    const { page } = await render(
      <QueryClientProvider client={client}>
        <Reader fetchNews={fetchNews} />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(fetchNews).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fetchNews).toHaveBeenCalledTimes(2);
    expect(page.textContent).toBe('back');

    const refused = vi.fn(async (): Promise<string[]> => {
      throw new Error('400');
    });
    const strict = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const second = await render(
      <QueryClientProvider client={strict}>
        <Reader fetchNews={refused} />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(refused).toHaveBeenCalledTimes(1);
    expect(second.page.textContent).toBe('error Error: 400');
  });

  it('a mutation reports pending, then success or the error, and can be reset', async () => {
    let finish!: (value: string) => void;
    const send = vi.fn((text: string) =>
      text === 'bad' ? Promise.reject(new Error('refused')) : new Promise<string>((resolve) => (finish = resolve)),
    );
    let mutation!: ReturnType<typeof useMutation<string, string>>;
    function Form() {
      // eslint-disable-next-line react-hooks/globals -- the test drives the hook from outside
      mutation = useMutation({ mutationFn: send });
      return <p>{mutation.status}</p>;
    }
    const { page } = await render(<Form />);
    expect(page.textContent).toBe('idle');
    let result!: Promise<string>;
    await act(async () => {
      result = mutation.mutateAsync('hello');
    });
    expect(page.textContent).toBe('pending');
    await act(async () => finish('ok'));
    await expect(result).resolves.toBe('ok');
    expect(page.textContent).toBe('success');
    await act(async () => expect(mutation.mutateAsync('bad')).rejects.toThrow('refused'));
    expect(page.textContent).toBe('error');
    expect(mutation.error).toEqual(new Error('refused'));
    await act(async () => mutation.reset());
    expect(page.textContent).toBe('idle');
  });
});
