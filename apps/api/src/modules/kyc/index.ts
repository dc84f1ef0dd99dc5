import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { JobQueue } from '../../jobs/job-queue';
import type { FileStore } from '../media/storage';
import type { Realtime } from '../../realtime/socket-server';
import type { Mailer } from '../mail/mailer';
import { annulRejectionsAfterMeetings } from './annulment';
import { uploadKycPhoto } from './application-service';
import { noticeKycDecisions } from './decision-notices';
import { createFileCipher } from './file-cipher';
import type { KycDeps } from './kyc-deps';
import { kycPhotoRoutes } from './photo-routes';
import { scheduleKycRetention } from './retention-job';
import { kycRoutes } from './routes';
import { promoteAdminEmails } from './staff';

/** The KYC module: the person's application, moderation, staff levels, the encrypted photos. */
export function createKycModule(opts: {
  db: Db;
  store: FileStore;
  encryptionKey: Buffer;
  config: Pick<Config, 'KYC_MAX_ATTEMPTS' | 'KYC_RETENTION_DAYS' | 'ADMIN_EMAILS'>;
  events: EventBus;
  jobs: JobQueue;
  mailer: Mailer;
  toUser: Realtime['toUser'];
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** After a committed role change: the person's sessions are read afresh on every process. */
  userChanged?: (userId: number) => Promise<void>;
}) {
  const userChanged = opts.userChanged ?? (async () => {});
  const deps: KycDeps = {
    db: opts.db,
    store: opts.store,
    cipher: createFileCipher(opts.encryptionKey),
    log: opts.log,
    maxAttempts: opts.config.KYC_MAX_ATTEMPTS,
    retentionDays: opts.config.KYC_RETENTION_DAYS,
    now: opts.now ?? (() => new Date()),
    userChanged,
  };
  opts.events.subscribe('user.registered', 'kyc-admin-emails', async (event, tx, afterCommit) => {
    const promoted = await promoteAdminEmails(tx, opts.config.ADMIN_EMAILS, event.payload.userId);
    // The registration's session may be cached with the role it had.
    for (const userId of promoted) afterCommit(() => userChanged(userId));
  });
  annulRejectionsAfterMeetings(opts.events);
  noticeKycDecisions({ events: opts.events, mailer: opts.mailer, toUser: opts.toUser, publicUrl: opts.publicUrl });
  return {
    deps,
    routes: kycRoutes,
    photoRoutes: kycPhotoRoutes,
    upload: (input: Parameters<typeof uploadKycPhoto>[1]) => uploadKycPhoto(deps, input),
    /** Once the job queue runs: the retention sweep's next hour, and ADMIN_EMAILS for accounts that exist already. */
    start: async () => {
      await (await scheduleKycRetention(opts.jobs, deps)).bookNext();
      // Other processes may hold these accounts' sessions with the role they had.
      for (const userId of await promoteAdminEmails(opts.db, opts.config.ADMIN_EMAILS)) await userChanged(userId);
    },
  };
}
