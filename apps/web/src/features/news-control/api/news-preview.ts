import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

const PAUSE_MS = 300;

/** The value once it has stopped changing for a moment: one preview call per pause in typing. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return useDeferredValue(settled);
}

/**
 * The body as the home page would show it, rendered and sanitised by the server (the same code as
 * the public list), while the admin types. The last answer stays on screen until the next one.
 */
export function useNewsPreview(markdown: string) {
  const settled = useSettled(markdown);
  return useQuery({
    queryKey: ['news-preview', settled],
    queryFn: () =>
      api<{ body: { en: string; ru: string } }>('/notif/news/preview', {
        method: 'POST',
        body: { markdown: { en: settled, ru: '' } },
      }).then((answer) => answer.body.en),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
