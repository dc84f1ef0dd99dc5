/** Whole hours, minutes and seconds until `expiresAt` (never negative). */
export function timeLeft(
  expiresAt: string,
  now: number,
): { totalMs: number; hours: number; minutes: number; seconds: number } {
  const totalMs = Math.max(0, Date.parse(expiresAt) - now);
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    totalMs,
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** "2:05:09" or "4:59": a countdown that reads the same in every language. */
export function formatCountdown(expiresAt: string, now: number): string {
  const { hours, minutes, seconds } = timeLeft(expiresAt, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
