import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ghostRequestSchema,
  HandCard,
  MyHandState,
  NearbyList,
  nearbyQuerySchema,
  OwnPosition,
  PositionUpdateResult,
  raiseHandRequestSchema,
} from '@app/shared/schemas/meet';
import { hands, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { blockedIds, isBlockedEitherWay } from '../../people/blocks';
import { assertMeetAllowed, checkMeetGate } from '../../people/meet-gate';
import { MAX_NEAR_LIMIT } from '../nearby/nearby-index';
import { snapToGrid } from '../nearby/privacy';
import { findPublicNearby } from '../nearby/public-nearby';
import type { LatLng } from '../nearby/geo';
import { cardFor, loadVisibleHands, type VisibleHand } from './cards';
import type { MeetHands } from './meet-hands';

/**
 * Raised hands (PRODUCT.md "Meetings and minting"): raise, change, lower, ghost mode, moving with
 * the device, and what others see of them. Order of writes: the index first (it decides whether a
 * move is believable), then the row, then the watchers.
 */

type HandRow = typeof hands.$inferSelect;
type RaiseHandRequestParsed = z.output<typeof raiseHandRequestSchema>;
type NearbyQueryParsed = z.output<typeof nearbyQuerySchema>;
type GhostRequest = z.output<typeof ghostRequestSchema>;

const HOUR_MS = 3_600_000;

async function liveHand(ctx: MeetHands, userId: number): Promise<(HandRow & { ghost: boolean }) | undefined> {
  const [row] = await ctx.db
    .select({ hand: hands, ghost: users.ghost })
    .from(hands)
    .innerJoin(users, eq(users.id, hands.userId))
    .where(and(eq(hands.userId, userId), gt(hands.expiresAt, new Date(ctx.clock.now()))))
    .limit(1);
  return row && { ...row.hand, ghost: row.ghost };
}

function toState(row: HandRow | undefined, ghost: boolean): MyHandState {
  return {
    hand: row
      ? {
          mood: row.mood,
          note: row.note,
          durationHours: row.durationHours,
          raisedAt: row.raisedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        }
      : null,
    ghost,
  };
}

/** The shown point depends only on the grid cell: a move inside the cell changes nothing anyone sees. */
const sameCell = (a: LatLng, b: LatLng) => {
  const ca = snapToGrid(a.lat, a.lng);
  const cb = snapToGrid(b.lat, b.lng);
  return ca.row === cb.row && ca.col === cb.col;
};

async function account(ctx: MeetHands, userId: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('TOKEN_INVALID');
  return row;
}

export async function getMyHand(ctx: MeetHands, userId: number): Promise<MyHandState> {
  const user = await account(ctx, userId);
  return toState(await liveHand(ctx, userId), user.ghost);
}

/** Raises the caller's hand at their position, or changes it (mood, note, duration from now). */
export async function raiseHand(ctx: MeetHands, userId: number, request: RaiseHandRequestParsed): Promise<MyHandState> {
  const user = await account(ctx, userId);
  const now = ctx.clock.now();
  assertMeetAllowed(user, ctx.minAge, now);

  const previous = await liveHand(ctx, userId);
  // Without a live row any index entry is stale (expired, or a crash between writes): it must not
  // be the reference the movement rule measures this raise from.
  if (!previous) await ctx.index.remove(userId);
  const { position } = request;
  const moved = await ctx.index.upsert(userId, position.lat, position.lng, {
    at: now,
    ghost: user.ghost,
    ...(position.accuracy === undefined ? {} : { accuracyMeters: position.accuracy }),
  });
  // An impossible jump (flagged by the guard) leaves the hand where it was.
  const at =
    moved || !previous ? position : { lat: previous.lat, lng: previous.lng, accuracy: previous.accuracy ?? undefined };
  const values = {
    mood: request.mood,
    note: request.note ? request.note : null,
    durationHours: request.durationHours,
    lat: at.lat,
    lng: at.lng,
    accuracy: at.accuracy ?? null,
    positionAt: moved || !previous ? new Date(now) : previous.positionAt,
    raisedAt: previous ? previous.raisedAt : new Date(now),
    expiresAt: new Date(now + request.durationHours * HOUR_MS),
  };
  const [row] = await ctx.db
    .insert(hands)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: hands.userId, set: values })
    .returning();
  if (!moved && !previous) await ctx.index.upsert(userId, at.lat, at.lng, { at: now, ghost: user.ghost });
  await ctx.announce(userId, previous ? { lat: previous.lat, lng: previous.lng } : null);
  return toState(row, user.ghost);
}

/** Lowers the hand at once: the row goes, the index forgets it, the watchers drop it. */
export async function lowerHand(ctx: MeetHands, userId: number): Promise<MyHandState> {
  const user = await account(ctx, userId);
  const [gone] = await ctx.db
    .delete(hands)
    .where(eq(hands.userId, userId))
    .returning({ lat: hands.lat, lng: hands.lng });
  await ctx.index.remove(userId);
  if (gone) await ctx.announceRemove(userId, gone);
  return toState(undefined, user.ghost);
}

/** Ghost mode hides the caller from everyone at once, hand raised or not, and shows them again. */
export async function setGhost(ctx: MeetHands, userId: number, { ghost }: GhostRequest): Promise<MyHandState> {
  await account(ctx, userId);
  await ctx.db.update(users).set({ ghost }).where(eq(users.id, userId));
  const hand = await liveHand(ctx, userId);
  if (hand) {
    // Still tracked as a ghost, so the movement rule keeps its reference.
    await ctx.index.upsert(userId, hand.lat, hand.lng, { at: ctx.clock.now(), ghost });
    const here = { lat: hand.lat, lng: hand.lng };
    if (ghost) await ctx.announceRemove(userId, here);
    else await ctx.announce(userId, null);
  }
  return toState(hand, ghost);
}

/**
 * The caller's device moved: their raised hand moves with it. A move faster than 300 m/s is
 * ignored (and flagged by the index's movement guard).
 */
export async function updatePosition(
  ctx: MeetHands,
  userId: number,
  position: OwnPosition,
): Promise<PositionUpdateResult> {
  const hand = await liveHand(ctx, userId);
  if (!hand) return { accepted: true }; // nothing on the map to move
  const now = ctx.clock.now();
  const accepted = await ctx.index.upsert(userId, position.lat, position.lng, {
    at: now,
    ghost: hand.ghost,
    ...(position.accuracy === undefined ? {} : { accuracyMeters: position.accuracy }),
  });
  if (!accepted) return { accepted: false };
  const [row] = await ctx.db
    .update(hands)
    .set({ lat: position.lat, lng: position.lng, accuracy: position.accuracy ?? null, positionAt: new Date(now) })
    .where(and(eq(hands.userId, userId), gt(hands.expiresAt, new Date(now))))
    .returning({ userId: hands.userId });
  if (!row) {
    // Lowered (or expired) while this update was on its way: it must not bring the hand back.
    await ctx.index.remove(userId);
    return { accepted: true };
  }
  const before = { lat: hand.lat, lng: hand.lng };
  if (!hand.ghost && !sameCell(before, position)) await ctx.announce(userId, before);
  return { accepted: true };
}

/**
 * Hands near the viewer as they may see them, nearest (by shown point) first. The filters (mood,
 * level) and what the index cannot know (expiry, ghosts, blocked or deleted accounts) are applied
 * to the list findPublicNearby computes from shown points; when they thin it below the limit, the
 * list is asked again, larger, without the users already ruled out.
 */
export async function listNearby(ctx: MeetHands, viewerId: number, query: NearbyQueryParsed): Promise<NearbyList> {
  const now = ctx.clock.now();
  await checkMeetGate(ctx.db, viewerId, ctx.minAge, now);
  const exclude = new Set(await blockedIds(ctx.db, viewerId));
  const loaded = new Map<number, VisibleHand | null>();
  let ask = Math.min(MAX_NEAR_LIMIT, 2 * query.limit + 20);
  for (;;) {
    const items = await findPublicNearby(ctx.index, {
      viewerId,
      lat: query.lat,
      lng: query.lng,
      radiusMeters: query.radius,
      limit: ask,
      excludeUserIds: exclude,
      secret: ctx.secret,
    });
    const unknown = items.map((item) => item.userId).filter((id) => !loaded.has(id));
    const found = await loadVisibleHands(ctx.db, unknown, now, { mood: query.mood, level: query.level });
    for (const id of unknown) loaded.set(id, found.get(id) ?? null);
    const shown: HandCard[] = [];
    for (const item of items) {
      const hand = loaded.get(item.userId);
      if (hand) shown.push({ ...hand.base, position: item.position, distance: item.distance });
      else exclude.add(item.userId);
    }
    if (shown.length >= query.limit || items.length < ask || ask === MAX_NEAR_LIMIT)
      return { items: shown.slice(0, query.limit) };
    ask = Math.min(MAX_NEAR_LIMIT, ask * 4);
  }
}

/** One raised hand as this viewer sees it, or NOT_FOUND (lowered, expired, ghost, blocked, oneself). */
export async function getHandCard(
  ctx: MeetHands,
  viewerId: number,
  subjectId: number,
  viewer: LatLng,
): Promise<HandCard> {
  await checkMeetGate(ctx.db, viewerId, ctx.minAge, ctx.clock.now());
  if (subjectId === viewerId) throw new AppError('NOT_FOUND');
  const [hand, blocked] = await Promise.all([
    loadVisibleHands(ctx.db, [subjectId], ctx.clock.now()).then((found) => found.get(subjectId)),
    isBlockedEitherWay(ctx.db, viewerId, subjectId),
  ]);
  if (!hand || blocked) throw new AppError('NOT_FOUND');
  return cardFor(hand.base, hand, viewerId, viewer, ctx.secret);
}
