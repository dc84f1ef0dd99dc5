/** Polls `check` until it holds (or returns a value), failing after `timeoutMs`: for work that finishes in the background. */
export async function until<T>(
  check: () => Promise<T> | T,
  timeoutMs = 20_000,
  what = 'a condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
