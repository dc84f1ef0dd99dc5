import { and, asc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import { domainEventSchemas } from '@app/shared/domain-events';
import type { CpaAction, CpaRejectReason } from '@app/shared/schemas/cpa-programme';
import type { Db, Tx } from '../../db/client';
import {
  cpaAttributions,
  cpaConversions,
  cpaHits,
  cpaLinks,
  deviceSightings,
  domainEvents,
  users,
} from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { MISSING_FINGERPRINT } from '../../lib/visitor';
import { queuePostback } from './postbacks';
import { readSettings } from './settings';

export interface ConversionRules {
  /** CPA_MIN_CLICK_SECONDS: sooner than this after the click is too fast for a person. */
  minClickSeconds: number;
  /** CPA_CLUSTER_MAX: more people than this from one address or device is a cluster. */
  clusterMax: number;
}

const HOUR_MS = 3_600_000;

/**
 * user.registered: a registration through a live link within the attribution window is bound to
 * the link for good. The click is the visitor's hit on that link; without one (a link header but
 * no counted visit) the registration itself stands for the click.
 */
async function attribute(
  tx: Tx,
  payload: { userId: number; partnerLinkId: number | null; visitor?: string | null; addressHash?: string | null },
  occurredAt: Date,
) {
  if (!payload.partnerLinkId) return;
  const [link] = await tx.select().from(cpaLinks).where(eq(cpaLinks.id, payload.partnerLinkId));
  if (!link || link.userId === payload.userId) return;
  const [hit] = payload.visitor
    ? await tx
        .select()
        .from(cpaHits)
        .where(and(eq(cpaHits.linkId, link.id), eq(cpaHits.visitor, payload.visitor)))
        .orderBy(asc(cpaHits.id))
        .limit(1)
    : [];
  const [user] = await tx.select({ cpaUid: users.cpaUid }).from(users).where(eq(users.id, payload.userId));
  const clickedAt = hit?.createdAt ?? occurredAt;
  const { windowHours } = await readSettings(tx);
  if (occurredAt.getTime() - clickedAt.getTime() > windowHours * HOUR_MS) return;
  await tx
    .insert(cpaAttributions)
    .values({
      userId: payload.userId,
      linkId: link.id,
      partnerId: link.userId,
      hitId: hit?.id ?? null,
      clickedAt,
      uid: user?.cpaUid ?? hit?.partnerUid ?? null,
      visitor: payload.visitor ?? null,
      addressHash: payload.addressHash ?? null,
      registeredAt: occurredAt,
    })
    .onConflictDoNothing();
}

type Attribution = typeof cpaAttributions.$inferSelect;

/**
 * The person's attribution. Handlers of different events run side by side, so a conversion made
 * at registration (a complete profile) may come before the registration's own handler: then the
 * registration event, committed with the user row, is read and attributed here (once either way).
 */
async function attributionOf(tx: Tx, userId: number): Promise<Attribution | undefined> {
  const read = async () => (await tx.select().from(cpaAttributions).where(eq(cpaAttributions.userId, userId)))[0];
  const known = await read();
  if (known) return known;
  const [user] = await tx
    .select({ cpaLinkId: users.cpaLinkId, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.cpaLinkId) return undefined;
  const near = 5 * 60_000;
  const [registered] = await tx
    .select()
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.type, 'user.registered'),
        gte(domainEvents.occurredAt, new Date(user.createdAt.getTime() - near)),
        lte(domainEvents.occurredAt, new Date(user.createdAt.getTime() + near)),
        sql`${domainEvents.payload}->>'userId' = ${String(userId)}`,
      ),
    )
    .limit(1);
  if (!registered) return undefined;
  await attribute(tx, domainEventSchemas['user.registered'].parse(registered.payload), registered.occurredAt);
  return read();
}

/** The first fraud rule that holds for this conversion, or null (PRODUCT.md's four, in order). */
async function rejectionOf(
  tx: Tx,
  attribution: Attribution,
  occurredAt: Date,
  rules: ConversionRules,
): Promise<CpaRejectReason | null> {
  if (occurredAt.getTime() - attribution.clickedAt.getTime() < rules.minClickSeconds * 1000) return 'too_fast';
  const { userId, partnerId } = attribution;
  if (userId === partnerId) return 'own_account';
  // A device the partner used: the registering browser, or one both accounts were seen on.
  const partnerDevices = tx
    .select({ fingerprint: deviceSightings.fingerprint })
    .from(deviceSightings)
    .where(and(eq(deviceSightings.userId, partnerId), ne(deviceSightings.fingerprint, MISSING_FINGERPRINT)));
  const [shared] = await tx
    .select({ fingerprint: deviceSightings.fingerprint })
    .from(deviceSightings)
    .where(and(eq(deviceSightings.userId, userId), sql`${deviceSightings.fingerprint} in ${partnerDevices}`))
    .limit(1);
  const registeredOn = attribution.visitor?.startsWith('fp:') ? attribution.visitor.slice(3) : null;
  const [registeredOnPartners] = registeredOn
    ? await tx
        .select({ fingerprint: deviceSightings.fingerprint })
        .from(deviceSightings)
        .where(and(eq(deviceSightings.userId, partnerId), eq(deviceSightings.fingerprint, registeredOn)))
        .limit(1)
    : [];
  if (shared || registeredOnPartners) return 'own_device';
  // Many people of one partner from one address or one browser: those after the first few.
  const sameSource = [
    attribution.addressHash ? eq(cpaAttributions.addressHash, attribution.addressHash) : undefined,
    attribution.visitor ? eq(cpaAttributions.visitor, attribution.visitor) : undefined,
  ].filter(Boolean);
  if (sameSource.length) {
    const [earlier] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cpaAttributions)
      .where(
        and(
          eq(cpaAttributions.partnerId, partnerId),
          or(...sameSource),
          or(
            sql`${cpaAttributions.registeredAt} < ${attribution.registeredAt}`,
            and(eq(cpaAttributions.registeredAt, attribution.registeredAt), lte(cpaAttributions.userId, userId)),
          ),
        ),
      );
    if ((earlier?.n ?? 0) > rules.clusterMax) return 'cluster';
  }
  const [person] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (person?.blockedAt) return 'blocked';
  return null;
}

/** Records one conversion of an attributed person, once per (person, action, source). */
async function convert(
  tx: Tx,
  rules: ConversionRules,
  input: { userId: number; action: CpaAction; source: string; value?: bigint; occurredAt: Date },
) {
  const attribution = await attributionOf(tx, input.userId);
  if (!attribution) return;
  const settings = await readSettings(tx);
  const reason = await rejectionOf(tx, attribution, input.occurredAt, rules);
  const [row] = await tx
    .insert(cpaConversions)
    .values({
      linkId: attribution.linkId,
      partnerId: attribution.partnerId,
      userId: input.userId,
      action: input.action,
      source: input.source,
      value: (input.value ?? 0n).toString(),
      payout: settings.payouts[input.action].toString(),
      status: reason ? 'rejected' : 'pending',
      reason,
      uid: attribution.uid,
      holdUntil: new Date(input.occurredAt.getTime() + settings.holdHours * HOUR_MS),
      createdAt: input.occurredAt,
      decidedAt: reason ? input.occurredAt : null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) await queuePostback(tx, row);
}

/** The conversions come from the domain events, each handler once per event (event-bus). */
export function subscribeConversions(events: EventBus, rules: ConversionRules) {
  events.subscribe('user.registered', 'cpa-attribution', async (event, tx) => {
    await attribute(tx, event.payload, event.occurredAt);
  });
  events.subscribe('profile.completed', 'cpa-fill-profile', async (event, tx) => {
    await convert(tx, rules, {
      userId: event.payload.userId,
      action: 'fill_profile',
      source: 'profile',
      occurredAt: event.occurredAt,
    });
  });
  events.subscribe('meeting.confirmed', 'cpa-first-meet', async (event, tx) => {
    for (const userId of [event.payload.userAId, event.payload.userBId]) {
      await convert(tx, rules, { userId, action: 'first_meet', source: 'first', occurredAt: event.occurredAt });
    }
  });
  events.subscribe('purchase.completed', 'cpa-purchase', async (event, tx) => {
    await convert(tx, rules, {
      userId: event.payload.userId,
      action: 'purchase',
      source: `purchase:${event.payload.purchaseId}`,
      value: BigInt(event.payload.price),
      occurredAt: event.occurredAt,
    });
  });
}

/**
 * Pending conversions whose holding period ended: approved, or rejected when the person was
 * blocked meanwhile. Rows are taken with SKIP LOCKED, so two processes never decide one twice.
 */
export async function approveDue(db: Db, now: Date, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ conversion: cpaConversions, blockedAt: users.blockedAt })
      .from(cpaConversions)
      .innerJoin(users, eq(users.id, cpaConversions.userId))
      .where(and(eq(cpaConversions.status, 'pending'), lte(cpaConversions.holdUntil, now)))
      .orderBy(asc(cpaConversions.holdUntil))
      .limit(batch)
      .for('update', { of: cpaConversions, skipLocked: true });
    for (const { conversion, blockedAt } of due) {
      const [saved] = await tx
        .update(cpaConversions)
        .set(
          blockedAt
            ? { status: 'rejected', reason: 'blocked', decidedAt: now }
            : { status: 'approved', decidedAt: now },
        )
        .where(and(eq(cpaConversions.id, conversion.id), eq(cpaConversions.status, 'pending')))
        .returning();
      if (saved) await queuePostback(tx, saved);
    }
    return due.length;
  });
}
