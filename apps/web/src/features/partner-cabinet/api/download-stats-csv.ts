import { useMutation } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPeriod } from '@app/shared/schemas/cpa-programme';
import { ApiError, requestHeaders } from '../../../lib/api-client';
import { fileNameFromDisposition, saveBlob } from '../lib/file-name';

/**
 * GET /api/cpa/stats.csv {period}: the CSV needs the bearer token, so a plain link cannot fetch it;
 * it is fetched with the client's headers and saved as a file under the server's name.
 */
export async function downloadStatsCsv(period: CpaPeriod): Promise<string> {
  const url = new URL(`/api${CPA_PROGRAMME_PATHS.statsCsv}`, window.location.origin);
  url.searchParams.set('period', period);
  let response: Response;
  try {
    response = await fetch(url, { headers: requestHeaders({ accept: 'text/csv' }) });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'NETWORK_ERROR');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'UNKNOWN_ERROR', body.message ?? 'UNKNOWN_ERROR');
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), `partner-stats-${period}.csv`);
  saveBlob(await response.blob(), name);
  return name;
}

export const useDownloadStatsCsv = () => useMutation({ mutationFn: downloadStatsCsv });
