import type { Db } from '../../db/client';
import type { KycPhotoStore } from './kyc-photos';

export interface KycDeps extends KycPhotoStore {
  db: Db;
  maxAttempts: number;
  retentionDays: number;
  now: () => Date;
}
