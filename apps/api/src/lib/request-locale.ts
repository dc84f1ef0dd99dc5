import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';

/**
 * The language the browser prefers among ours (Accept-Language, by its q-weights; the web app
 * sends its chosen one with every call), for mail, texts and the pages rendered ahead.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { prefix: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (SUPPORTED_LOCALES as readonly string[]).includes(entry.prefix))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (accepted[0]?.prefix as Locale | undefined) ?? DEFAULT_LOCALE;
}
