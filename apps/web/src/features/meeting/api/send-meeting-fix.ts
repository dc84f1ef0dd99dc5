import type { MeetingFixRequest, MeetingProgress } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';

/**
 * POST /meet/meetings/:peerId/position: one precise fix of this device. Only the server ever sees
 * it; the answer (and 'meeting:update') carries progress, never a position or a distance.
 */
export const sendMeetingFix = (peerId: number, fix: MeetingFixRequest, signal?: AbortSignal) =>
  api<MeetingProgress>(`/meet/meetings/${peerId}/position`, { method: 'POST', body: fix, signal });
