import type { MeetingFixRequest, MeetingProgress } from '@app/shared/schemas/meet';
import type { MeetingFixAnswer } from '@app/shared/socket-events';
import { api, failure } from '../../../lib/api-client';
import { getFingerprint } from '../../../lib/fingerprint';
import { getSocket, type AppSocket } from '../../../lib/socket';

/**
 * A fix whose ack has not come by then goes by HTTP instead (the server drops the repeat if the
 * first one did arrive: same device time). Less than the 5 s between two fixes.
 */
export const FIX_ACK_TIMEOUT_MS = 4_000;

/**
 * 'meeting:fix' over the open socket. Resolves null when the socket cannot take it now: not
 * connected, its heartbeat already lapsed (it would only buffer the fix), disconnected before the
 * ack, or no ack in time. Then the caller sends it by HTTP.
 */
function overSocket(
  socket: AppSocket,
  peerId: number,
  fix: MeetingFixRequest,
  signal?: AbortSignal,
): Promise<MeetingProgress | null> {
  if (!socket.connected) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    const onAbort = () => settle(() => reject(new DOMException('Aborted', 'AbortError')));
    const buffered = socket.sendBuffer.length;
    socket
      .timeout(FIX_ACK_TIMEOUT_MS)
      .emit(
        'meeting:fix',
        { peerId, fix, fingerprint: getFingerprint() },
        (error: Error | null, answer?: MeetingFixAnswer) =>
          settle(() => {
            if (error || !answer) resolve(null);
            else if (answer.ok) resolve(answer.progress);
            // Recorded and thrown as the same answer over HTTP would be.
            else reject(failure(`/api/meet/meetings/${peerId}/position`, answer.error.statusCode, answer.error));
          }),
      );
    // Held back for a reconnect instead of sent (the connection is about to drop): take it back.
    if (socket.sendBuffer.length > buffered) {
      socket.sendBuffer.splice(buffered);
      settle(() => resolve(null));
      return;
    }
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One precise fix of this device (decision 037): over the socket that is already open, else
 * POST /meet/meetings/:peerId/position. Only the server ever sees it; either answer (and
 * 'meeting:update') carries progress, never a position or a distance.
 */
export async function sendMeetingFix(
  peerId: number,
  fix: MeetingFixRequest,
  signal?: AbortSignal,
): Promise<MeetingProgress> {
  const socket = getSocket();
  const progress = socket ? await overSocket(socket, peerId, fix, signal) : null;
  if (progress) return progress;
  return api<MeetingProgress>(`/meet/meetings/${peerId}/position`, { method: 'POST', body: fix, signal });
}
