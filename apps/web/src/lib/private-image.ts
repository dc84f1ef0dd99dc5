import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, requestHeaders } from './api-client';

/** A blob as a data URL: unlike an object URL it needs no revoking, so a cached query can hold it. */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * An image only the signed-in person (or staff) may see, e.g. `/api/media/kyc/{id}/large`: an
 * `<img src>` sends no bearer token, so it is fetched with one and shown from memory. The server
 * answers with `no-store`, and this fetch asks the same: nothing lands in the HTTP cache.
 */
export async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { headers: requestHeaders(), cache: 'no-store', signal });
  if (!response.ok) throw new ApiError(response.status, response.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', url);
  return toDataUrl(await response.blob());
}

export const privateImageQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['private-image', url],
    queryFn: ({ signal }) => fetchPrivateImage(url, signal),
    // Sensitive: dropped from memory soon after the screen showing it closes.
    gcTime: 60_000,
    staleTime: Infinity,
    retry: false,
  });

/** The private image as a `src` for an `<img>`; null while loading, on failure or without a URL. */
export function usePrivateImage(url: string | null | undefined) {
  const query = useQuery({ ...privateImageQueryOptions(url ?? ''), enabled: Boolean(url) });
  return { src: url ? (query.data ?? null) : null, isError: query.isError, isLoading: query.isLoading };
}
