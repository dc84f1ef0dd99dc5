import { sql } from 'drizzle-orm';
import type { DomainEventPayload, DomainEventType } from '@app/shared/domain-events';
import type { Tx } from '../../db/client';
import { dailyRollups } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';

/**
 * The monitor's daily rollups, one subscriber per event. The event bus runs each handler in a
 * transaction with its (event, handler) delivery row, so an event delivered twice adds once.
 * Migration 0016 counted the events dispatched before these handlers existed with the same
 * metrics and dimensions: change both together.
 */

export const ROLLUP_METRICS = [
  'registrations',
  'sales',
  'mints',
  'meetings',
  'deposits',
  'withdrawal_requests',
  'withdrawals',
] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

/** The UTC day of a moment, as the rollups key it (YYYY-MM-DD). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Adds one occurrence (and its amount in wei) to a metric's day. */
export async function addToRollup(
  tx: Tx,
  row: { metric: RollupMetric; at: Date; dimension?: string; amount?: string },
): Promise<void> {
  await tx
    .insert(dailyRollups)
    .values({
      metric: row.metric,
      day: dayOf(row.at),
      dimension: row.dimension ?? '',
      count: 1,
      amount: row.amount ?? '0',
    })
    .onConflictDoUpdate({
      target: [dailyRollups.metric, dailyRollups.day, dailyRollups.dimension],
      set: {
        count: sql`${dailyRollups.count} + 1`,
        amount: sql`${dailyRollups.amount} + excluded.amount`,
      },
    });
}

/** What one event adds, or null for an event the monitor leaves out (a reward is no deposit). */
type Rule<T extends DomainEventType> = {
  type: T;
  metric: RollupMetric;
  pick?: (payload: DomainEventPayload<T>) => { dimension?: string; amount?: string } | null;
};

const rule = <T extends DomainEventType>(r: Rule<T>) => r as unknown as Rule<DomainEventType>;

const RULES = [
  rule({ type: 'user.registered', metric: 'registrations' }),
  rule({ type: 'purchase.completed', metric: 'sales', pick: (p) => ({ dimension: String(p.level), amount: p.price }) }),
  rule({ type: 'token.minted', metric: 'mints', pick: (p) => ({ dimension: String(p.level) }) }),
  rule({ type: 'meeting.confirmed', metric: 'meetings' }),
  rule({
    type: 'deposit.credited',
    metric: 'deposits',
    pick: (p) => (p.kind === 'INPUT' ? { dimension: p.currency, amount: p.amount } : null),
  }),
  rule({ type: 'withdrawal.requested', metric: 'withdrawal_requests', pick: (p) => ({ amount: p.amount }) }),
  rule({ type: 'withdrawal.sent', metric: 'withdrawals', pick: (p) => ({ amount: p.amount }) }),
];

/** Subscribes the rollups; `changed` runs after each counted event commits (the live push). */
export function subscribeRollups(events: EventBus, changed: () => void): void {
  for (const { type, metric, pick } of RULES) {
    events.subscribe(type, `monitor.${metric}`, async (event, tx, afterCommit) => {
      const picked = pick ? pick(event.payload) : {};
      if (!picked) return;
      await addToRollup(tx, { metric, at: event.occurredAt, ...picked });
      afterCommit(changed);
    });
  }
}
