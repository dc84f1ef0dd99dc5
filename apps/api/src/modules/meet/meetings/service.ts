import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SALE_LEVELS } from '@app/shared/constants';
import type { MeetingFixRequest, MeetingProgress, MeetingView, MintChances } from '@app/shared/schemas/meet';
import type { ServerToClientEvents } from '@app/shared/socket-events';
import type { Db } from '../../../db/client';
import type { RowScope } from '../../../db/row-changes';
import { chatBlocks, meetings, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { displayName } from '../../people/peer';
import { meetingFoundPush } from '../../crypto/push-items';
import { createDeviceSightings, type DeviceSightings } from '../protection/device-sightings';
import { raiseRestriction } from '../protection/restrictions';
import { createMeetingState, snapshotMeeting } from '../detector/meeting-detector';
import type { MeetingCodes } from './codes';
import { ingestIntoPair, type PairIngest, type PairRecord } from './ingest';
import { pairKey, pairOf, type Pair } from './pair';
import { countingMeeting } from './requirements';
import type { StateStore } from './state-store';
import type { MeetCache, PeerGate } from './caches';
import { publish } from '../../../events/event-bus';
import { loadPairRows, meetingViewFor, pairViewFacts, toProgress, type PairRows } from './view';

type SaleLevel = (typeof SALE_LEVELS)[number];
type Emit = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface MeetingServiceDeps {
  db: Db;
  clock: Clock;
  store: StateStore;
  codes: MeetingCodes;
  chances: Record<SaleLevel, number>;
  /** To every socket of one user (realtime.toUser). */
  emit: Emit;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The peer check remembered per process (caches.ts); without it every call reads it. */
  gate?: PeerGate;
  /** Each pair's view rows kept for the pushes detection causes (caches.ts); without it each push reads them. */
  rows?: MeetCache<PairRows>;
  /**
   * Says whose rows a write changes (Database.scopeRows), so the caches drop the pair's entries
   * alone instead of every pair's; without it a write empties them whole.
   */
  scopeRows?: <T>(scope: RowScope, work: () => PromiseLike<T> | T) => Promise<T>;
}

export interface MeetingService {
  /** POST /meet/meetings/:peerId/position: one precise fix of the caller's device. */
  ingestFix(userId: number, peerId: number, fix: MeetingFixRequest): Promise<MeetingProgress>;
  getView(viewerId: number, peerId: number): Promise<MeetingView>;
  /** POST /meet/meetings/:peerId/confirm: the caller scanned or typed the peer's code. */
  confirm(viewerId: number, peerId: number, code: string): Promise<MeetingView>;
  /** Sends both users their view of the meeting ('meeting:update'). */
  pushViews(a: number, b: number): Promise<void>;
  chances(): MintChances;
  /** The live progress of a pair (mint errors name the minutes so far). */
  progressOf(viewerId: number, peerId: number): Promise<MeetingProgress>;
  devices: DeviceSightings;
  /** The detection state (tests and the benchmark look inside). */
  readonly store: StateStore;
}

/** The meeting screen, ingest and confirmation: everything but the mint itself (crypto/mint-service.ts). */
export function createMeetingService(deps: MeetingServiceDeps): MeetingService {
  const { db, clock, store } = deps;
  const scopeRows = deps.scopeRows ?? (async <T>(_scope: RowScope, work: () => PromiseLike<T> | T) => await work());

  /** The peer may be met: not oneself, not deleted or blocked, and no block either way ends everything between them. */
  async function requirePeer(userId: number, peerId: number): Promise<void> {
    if (userId === peerId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
    // The hot path (every fix) asks memory; a check it does not remember is one query: the peer,
    // and whether a block stands between them.
    if (deps.gate?.allows(userId, peerId)) return;
    const mark = deps.gate?.mark() ?? 0;
    const [peer] = await db
      .select({
        id: users.id,
        blocked: sql<boolean>`exists (select 1 from ${chatBlocks} where (${chatBlocks.blockerId} = ${userId} and ${chatBlocks.blockedId} = ${peerId}) or (${chatBlocks.blockerId} = ${peerId} and ${chatBlocks.blockedId} = ${userId}))`,
      })
      .from(users)
      .where(and(eq(users.id, peerId), isNull(users.deletedAt), isNull(users.blockedAt)))
      .limit(1);
    if (!peer) throw new AppError('NOT_FOUND');
    if (peer.blocked) {
      // Whatever detection held for them goes too.
      await store.delete(pairKey(pairOf(userId, peerId)));
      throw new AppError('USER_BLOCKED', { message: 'Meeting is not possible: one of you has blocked the other' });
    }
    deps.gate?.allow(userId, peerId, mark);
  }

  /**
   * The pair's view rows: read afresh (the screen's GET, a confirmation, a mint), or for the pushes
   * detection causes, as kept since the last read unless a change dropped them. What is read is kept.
   */
  async function pairRows(pair: Pair, now: number, kept: boolean): Promise<PairRows> {
    const key = pairKey(pair);
    if (kept) {
      const rows = deps.rows?.get(key);
      if (rows) return rows;
    }
    const mark = deps.rows?.mark() ?? 0;
    const rows = await loadPairRows(db, pair, now);
    deps.rows?.set(key, rows, mark);
    return rows;
  }

  async function pairFacts(pair: Pair, kept = false) {
    const now = clock.now();
    const [record, rows] = await Promise.all([store.get<PairRecord>(pairKey(pair), now), pairRows(pair, now, kept)]);
    return pairViewFacts(rows, record, now);
  }

  async function viewOf(viewerId: number, peerId: number) {
    return meetingViewFor(deps, await pairFacts(pairOf(viewerId, peerId)), viewerId);
  }

  /** Both users' views come from one set of reads: a push costs a handful of queries, not two screens' worth. */
  async function pushViews(a: number, b: number, kept = false) {
    const facts = await pairFacts(pairOf(a, b), kept);
    deps.emit(a, 'meeting:update', { peerId: b, view: meetingViewFor(deps, facts, a) });
    deps.emit(b, 'meeting:update', { peerId: a, view: meetingViewFor(deps, facts, b) });
  }

  /** Side effects of one ingested fix, after the state change is safely stored. */
  async function afterIngest(pair: Pair, userId: number, result: PairIngest, now: number) {
    if (result.flag && result.raise) {
      await raiseRestriction(db, {
        userId,
        reason: 'impossible_movement',
        at: now,
        detail: {
          speedMetersPerSecond: Number.isFinite(result.flag.speedMetersPerSecond)
            ? Math.round(result.flag.speedMetersPerSecond)
            : null,
        },
      });
    }
    if (result.justMet && result.snapshot.metAt !== null) {
      const metAt = new Date(result.snapshot.metAt);
      try {
        await scopeRows({ users: [pair.low, pair.high] }, () =>
          db.insert(meetings).values({ userLowId: pair.low, userHighId: pair.high, metAt }),
        );
      } catch (error) {
        // Without its row the meeting never happened: let detection start over rather than rest.
        await store.delete(pairKey(pair));
        throw error;
      }
      const named = await db
        .select({ id: users.id, domain: users.domain, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, [pair.low, pair.high]));
      const nameOf = (id: number) =>
        displayName(named.find((row) => row.id === id) ?? { id, domain: null, firstName: null });
      deps.emit(pair.low, 'notification', meetingFoundPush(nameOf(pair.high)));
      deps.emit(pair.high, 'notification', meetingFoundPush(nameOf(pair.low)));
    }
    // Progress and presence come from the detection state; the rest of the view from the rows kept
    // since the last read, which every change of them drops (decision 037).
    if (result.changed || result.raise) await pushViews(pair.low, pair.high, true);
  }

  const devices = createDeviceSightings({
    db,
    now: () => clock.now(),
    onRestricted: (userIds) => deps.log.warn({ userIds }, 'one device used by several accounts: minting restricted'),
  });

  return {
    devices,
    store,
    pushViews: (a, b) => pushViews(a, b),

    async ingestFix(userId, peerId, fix) {
      await requirePeer(userId, peerId);
      const pair = pairOf(userId, peerId);
      const now = clock.now();
      const result = await store.update<PairRecord, PairIngest>(pairKey(pair), now, (current) =>
        ingestIntoPair(current, pair, userId, fix, now),
      );
      await afterIngest(pair, userId, result, now);
      // The live detection only: this answers every fix, so it costs no further query (the
      // screen's whole state, a meeting recorded earlier included, is GET and 'meeting:update').
      return toProgress(result.snapshot, null);
    },

    async getView(viewerId, peerId) {
      await requirePeer(viewerId, peerId);
      return viewOf(viewerId, peerId);
    },

    async confirm(viewerId, peerId, code) {
      await requirePeer(viewerId, peerId);
      const pair = pairOf(viewerId, peerId);
      const [latest] = await db
        .select()
        .from(meetings)
        .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high)))
        .orderBy(desc(meetings.id))
        .limit(1);
      // Codes prove presence at a meeting; before the detector found one there is nothing to confirm.
      if (!latest)
        throw new AppError('MINT_NOT_ALLOWED', {
          message: 'Stay together until the meeting is found, then scan the code',
          details: { requirements: [{ key: 'met', reason: 'meeting.requirements.met.notYet' }] },
        });
      const now = clock.now();
      if (!deps.codes.verify(peerId, viewerId, code, now)) throw new AppError('MEETING_CODE_INVALID');
      const column = viewerId === pair.low ? meetings.lowConfirmedAt : meetings.highConfirmedAt;
      // The first confirmation stands; scanning again changes nothing. The second one confirms the
      // meeting, and the fact is published with it.
      await scopeRows({ users: [pair.low, pair.high] }, () =>
        db.transaction(async (tx) => {
          const [updated] = await tx
            .update(meetings)
            .set(viewerId === pair.low ? { lowConfirmedAt: new Date(now) } : { highConfirmedAt: new Date(now) })
            .where(and(eq(meetings.id, latest.id), isNull(column)))
            .returning();
          if (updated?.lowConfirmedAt && updated.highConfirmedAt) {
            await publish(tx, 'meeting.confirmed', { meetingId: updated.id, userAId: pair.low, userBId: pair.high });
          }
        }),
      );
      await pushViews(viewerId, peerId);
      return viewOf(viewerId, peerId);
    },

    chances() {
      return { levels: SALE_LEVELS.map((level) => ({ level, chance: deps.chances[level] })) };
    },

    async progressOf(viewerId, peerId) {
      const pair = pairOf(viewerId, peerId);
      const now = clock.now();
      const record = await store.get<PairRecord>(pairKey(pair), now);
      return toProgress(
        snapshotMeeting(record?.state ?? createMeetingState(pair.low, pair.high), now),
        await countingMeeting(db, pair),
      );
    },
  };
}
