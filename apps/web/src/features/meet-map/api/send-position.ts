import type { OwnPosition, PositionUpdateResult } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';

/** POST /api/meet/position: the caller moved; the server moves their hand (and ignores a jump). */
export const sendPosition = (position: OwnPosition) =>
  api<PositionUpdateResult>('/meet/position', { method: 'POST', body: position });
