/** SPEC.md section 5: an empty callbackUrl is dropped from a partner link's payload before sending. */
export function withoutEmptyCallback<T extends { callbackUrl?: string | null }>(payload: T): T {
  if (typeof payload.callbackUrl === 'string' && payload.callbackUrl.trim() !== '') return payload;
  const { callbackUrl: _dropped, ...rest } = payload;
  return rest as T;
}
