import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';

/** The language the web app sends with every call (Accept-Language), for mail and texts. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const prefix = part.trim().slice(0, 2).toLowerCase();
    if ((SUPPORTED_LOCALES as readonly string[]).includes(prefix)) return prefix as Locale;
  }
  return DEFAULT_LOCALE;
}
