import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MAX_ACCOUNTS_PER_DEVICE } from '@app/shared/constants';
import type { Db } from '../../../db/client';
import { deviceSightings } from '../../../db/schema';
import { sharedDeviceFlag } from '../detector/restriction';
import { raiseRestriction } from './restrictions';
import { deviceOf } from '../../../lib/visitor';

/**
 * Device protection, the shared-device half: which accounts a device fingerprint (the browser's
 * HEADERS.fingerprint) was used by on meet-and-play requests. When a new account shows up on a
 * device already used by the allowed number of accounts, every account of that device gets a
 * 'shared_device' restriction: once per new account, never on every request. Requests without a
 * fingerprint all count on one suspicious device (MISSING_FINGERPRINT), so leaving the header out
 * does not turn the protection off.
 */

/** A sighting is written again after this long (lastSeenAt), not on every request. */
const REFRESH_MS = 3_600_000;
/** Sightings remembered in process; past this the memory starts over (the table is the truth). */
const CACHE_LIMIT = 50_000;

export interface DeviceSightings {
  /** Records that `userId` used the device; raises the restriction when it makes one device too many accounts. */
  record(userId: number, fingerprint: unknown): Promise<void>;
}

export function createDeviceSightings(deps: {
  db: Db;
  now: () => number;
  /** Told about accounts that were just restricted (to refresh their screens). */
  onRestricted?: (userIds: number[]) => void;
  maxAccounts?: number;
}): DeviceSightings {
  const maxAccounts = deps.maxAccounts ?? MAX_ACCOUNTS_PER_DEVICE;
  const written = new Map<string, number>();

  return {
    async record(userId, header) {
      const fingerprint = deviceOf(header);
      const cacheKey = `${fingerprint}|${userId}`;
      const now = deps.now();
      const last = written.get(cacheKey);
      if (last !== undefined && now - last < REFRESH_MS && now >= last) return;

      const seenAt = new Date(now);
      const [row] = await deps.db
        .insert(deviceSightings)
        .values({ fingerprint, userId, firstSeenAt: seenAt, lastSeenAt: seenAt })
        .onConflictDoUpdate({
          target: [deviceSightings.fingerprint, deviceSightings.userId],
          set: { lastSeenAt: seenAt },
        })
        // xmax is 0 only on a row this statement inserted: a new account on this device.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (written.size >= CACHE_LIMIT) written.clear();
      written.set(cacheKey, now);
      if (!row?.inserted) return;

      const accounts = (
        await deps.db
          .select({ userId: deviceSightings.userId })
          .from(deviceSightings)
          .where(eq(deviceSightings.fingerprint, fingerprint))
      ).map((r) => r.userId);
      if (!sharedDeviceFlag(accounts, now, maxAccounts)) return;
      // The fingerprint itself stays in device_sightings; the flag only names a digest of it.
      const device = crypto.createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);
      for (const account of accounts) {
        await raiseRestriction(deps.db, {
          userId: account,
          reason: 'shared_device',
          at: now,
          detail: { device, accounts: accounts.length, newAccount: userId },
        });
      }
      deps.onRestricted?.(accounts);
    },
  };
}
