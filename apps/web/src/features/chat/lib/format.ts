import type { ChatPeer } from '@app/shared/schemas/chat';

/** How the chat names a person: the nickname, else the name, else the UID. */
export function peerName(peer: ChatPeer): string {
  if (peer.domain) return `@${peer.domain}`;
  const full = [peer.firstName, peer.lastName].filter(Boolean).join(' ');
  return full || `#${peer.id}`;
}

/** The full name under a nickname, when there is both. */
export function peerSubtitle(peer: ChatPeer): string | null {
  if (!peer.domain) return null;
  return [peer.firstName, peer.lastName].filter(Boolean).join(' ') || null;
}

/** One or two letters for an avatar without a picture. */
export function initials(peer: ChatPeer): string {
  const source = [peer.firstName, peer.lastName].filter(Boolean);
  if (source.length)
    return source
      .map((s) => s!.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase();
  return (peer.domain ?? '#').charAt(0).toUpperCase();
}

/** A stable colour per person for avatars without a picture. */
const AVATAR_COLORS = ['#e17076', '#7bc862', '#e5ca77', '#65aadd', '#a695e7', '#ee7aae', '#6ec9cb', '#faa774'];
export const avatarColor = (id: number) => AVATAR_COLORS[Math.abs(id) % AVATAR_COLORS.length]!;

/** The small variant of an avatar picture. */
export const smallAvatar = (url: string | null) => (url ? `${url}/small` : undefined);

export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const DAY_MS = 86_400_000;

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday). */
export function daysAgo(date: Date, now = new Date()): number {
  return Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / DAY_MS);
}

export const sameDay = (a: Date, b: Date) => daysAgo(a, b) === 0;

/** Formatters are built once per language (building one costs far more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

export const formatTime = (date: Date, locale: string) =>
  formatter(locale, { hour: '2-digit', minute: '2-digit' }).format(date);

/** The list's time: the hour today, the weekday this week, else the date. */
export function formatListTime(date: Date, locale: string, now = new Date()): string {
  const days = daysAgo(date, now);
  if (days <= 0) return formatTime(date, locale);
  if (days < 7) return formatter(locale, { weekday: 'short' }).format(date);
  if (date.getFullYear() === now.getFullYear())
    return formatter(locale, { day: 'numeric', month: 'short' }).format(date);
  return formatter(locale, { day: 'numeric', month: 'numeric', year: '2-digit' }).format(date);
}

/** A day separator's date (today and yesterday are words the caller translates). */
export function formatDay(date: Date, locale: string, now = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
  if (date.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return formatter(locale, options).format(date);
}

export const formatFullDate = (date: Date, locale: string) =>
  formatter(locale, { dateStyle: 'full', timeStyle: 'short' }).format(date);
