import type { Db } from '../../db/client';
import type { KycPhotoStore } from './kyc-photos';

export interface KycDeps extends KycPhotoStore {
  db: Db;
  maxAttempts: number;
  retentionDays: number;
  now: () => Date;
  /** After a committed role change: the person's sessions are read afresh on every process (sessions module). */
  userChanged: (userId: number) => Promise<void>;
}
