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
 * The bodies as the home page would show them, rendered and sanitised by the server (the same code
 * as the public list), while the admin types. Both languages in one call, so switching the tab
 * shows the other language at once; the last answer stays on screen until the next one.
 */
export function useNewsPreview(markdown: { en: string; ru: string }) {
  // As text: a stable value to wait on and to key the answer by.
  const settled = useSettled(JSON.stringify({ en: markdown.en, ru: markdown.ru }));
  return useQuery({
    queryKey: ['news-preview', settled],
    queryFn: () =>
      api<{ body: { en: string; ru: string } }>('/notif/news/preview', {
        method: 'POST',
        body: { markdown: JSON.parse(settled) as { en: string; ru: string } },
      }).then((answer) => answer.body),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
