import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { FIRST_MINT_DELAY_HOURS, NFT_TYPE, SALE_LEVELS } from '@app/shared/constants';
import type { MintRequirement, MintRequirementKey, Restriction } from '@app/shared/schemas/meet';
import type { Db } from '../../../db/client';
import { meetings, mintAttempts, nfts } from '../../../db/schema';
import { kycApprovedTypes } from '../../kyc/kyc-gate';
import { levelName } from '../../crypto/representations';
import { recentRestrictionRowsOf, restrictionAt, type RestrictionRow } from '../protection/restrictions';
import { sideOf, type Pair } from './pair';

/**
 * The conditions of a mint (PRODUCT.md "Meetings and minting"), read once from the database and
 * judged by one function, so the meeting screen and PATCH /crypto/nft/mint can never disagree.
 */

type SaleLevel = (typeof SALE_LEVELS)[number];
export type MeetingRow = typeof meetings.$inferSelect;
export type MintAttemptRow = typeof mintAttempts.$inferSelect;

const HOUR_MS = 3_600_000;
const HOLD_MS = FIRST_MINT_DELAY_HOURS * HOUR_MS;

/** Everything a mint depends on, for the pair (either user's view is drawn from the same facts). */
export interface MintFacts {
  pair: Pair;
  /** The meeting that counts: the newest one both confirmed, else the newest one. */
  meeting: MeetingRow | null;
  /** Sale-level tokens held: type -> when acquired (null when unknown). */
  held: [Map<number, Date | null>, Map<number, Date | null>];
  /** Every level held, ICON included (the badges). */
  levels: [number[], number[]];
  /** The level a mint would be of: the highest sale level both hold. */
  mintType: number | null;
  kyc: [number | null, number | null];
  restriction: [Restriction | null, Restriction | null];
  /** The pair's newest attempt that stops another one (any outcome but a technical failure). */
  blockingAttempt: MintAttemptRow | null;
}

/** [viewer's, peer's] of a per-side pair of values. */
export function forViewer<T>(pair: Pair, viewerId: number, values: readonly [T, T]): [T, T] {
  return sideOf(pair, viewerId) === 0 ? [values[0], values[1]] : [values[1], values[0]];
}

/** The newest meeting of a pair both confirmed, else the newest one (null when they never met). */
export async function countingMeeting(db: Db, pair: Pair): Promise<MeetingRow | null> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high)))
    .orderBy(
      desc(sql`(${meetings.lowConfirmedAt} is not null and ${meetings.highConfirmedAt} is not null)`),
      desc(meetings.id),
    )
    .limit(1);
  return row ?? null;
}

export async function blockingAttempt(db: Db, pair: Pair): Promise<MintAttemptRow | null> {
  const [row] = await db
    .select()
    .from(mintAttempts)
    .where(
      and(
        eq(mintAttempts.userLowId, pair.low),
        eq(mintAttempts.userHighId, pair.high),
        ne(mintAttempts.outcome, 'technical_failure'),
      ),
    )
    .orderBy(desc(mintAttempts.id))
    .limit(1);
  return row ?? null;
}

const heldSince = (acquiredAt: Date | null | undefined, now: number) => (acquiredAt ? acquiredAt.getTime() : now);

function kycAllows(approved: number | null, type: number): boolean {
  return type === NFT_TYPE.SILVER || (approved !== null && approved >= type);
}

/**
 * The level a mint would be of: the highest sale level both hold whose own conditions (held long
 * enough, KYC) are met, else simply the highest level both hold, so the screen explains what is
 * missing for it. A pair holding Silver and a fresh Gold can still mint Silver today.
 */
function chooseMintType(held: MintFacts['held'], kyc: MintFacts['kyc'], now: number): number | null {
  const common = SALE_LEVELS.map((level) => NFT_TYPE[level] as number)
    .filter((type) => held[0].has(type) && held[1].has(type))
    .sort((a, b) => b - a);
  const ready = common.find(
    (type) =>
      [0, 1].every((side) => heldSince(held[side as 0 | 1].get(type), now) + HOLD_MS <= now) &&
      kycAllows(kyc[0], type) &&
      kycAllows(kyc[1], type),
  );
  return ready ?? common[0] ?? null;
}

/**
 * What the mint conditions are drawn from, as read: nothing in it depends on the moment of use, so
 * it may be kept (caches.ts) and judged later by `mintFactsAt`.
 */
export interface MintRows {
  pair: Pair;
  meeting: MeetingRow | null;
  tokens: { ownerId: number | null; type: number; acquiredAt: Date | null }[];
  kyc: [number | null, number | null];
  /** Each side's flags that may still restrict when read (older ones never can again). */
  restrictions: [RestrictionRow[], RestrictionRow[]];
  blockingAttempt: MintAttemptRow | null;
}

export async function loadMintRows(db: Db, pair: Pair, now: number): Promise<MintRows> {
  const people = [pair.low, pair.high];
  // Both people's KYC and restrictions in one read each: each statement is a round trip (and on
  // PGlite a turn of the server's own thread), and a detection push reads these.
  const [meeting, tokens, kyc, restrictions, attempt] = await Promise.all([
    countingMeeting(db, pair),
    db
      .select({ ownerId: nfts.ownerId, type: nfts.type, acquiredAt: nfts.acquiredAt })
      .from(nfts)
      .where(and(inArray(nfts.ownerId, people), eq(nfts.status, 'OWNED'))),
    kycApprovedTypes(db, people),
    recentRestrictionRowsOf(db, people, now),
    blockingAttempt(db, pair),
  ]);
  return {
    pair,
    meeting,
    tokens,
    kyc: [kyc.get(pair.low) ?? null, kyc.get(pair.high) ?? null],
    restrictions: [restrictions.get(pair.low) ?? [], restrictions.get(pair.high) ?? []],
    blockingAttempt: attempt,
  };
}

/** The mint facts at `now` (no earlier than when the rows were read). */
export function mintFactsAt(rows: MintRows, now: number): MintFacts {
  const { pair } = rows;
  const saleTypes = SALE_LEVELS.map((level) => NFT_TYPE[level]);
  const held: MintFacts['held'] = [new Map(), new Map()];
  const levels: MintFacts['levels'] = [[], []];
  for (const token of [...rows.tokens].sort((x, y) => x.type - y.type)) {
    const side = token.ownerId === pair.low ? 0 : 1;
    levels[side].push(token.type);
    if (saleTypes.includes(token.type as (typeof saleTypes)[number])) held[side].set(token.type, token.acquiredAt);
  }
  return {
    pair,
    meeting: rows.meeting,
    held,
    levels,
    mintType: chooseMintType(held, rows.kyc, now),
    kyc: rows.kyc,
    restriction: [restrictionAt(rows.restrictions[0], now), restrictionAt(rows.restrictions[1], now)],
    blockingAttempt: rows.blockingAttempt,
  };
}

export async function loadMintFacts(db: Db, pair: Pair, now: number): Promise<MintFacts> {
  return mintFactsAt(await loadMintRows(db, pair, now), now);
}

const key = (requirement: MintRequirementKey, reason: string) => `meeting.requirements.${requirement}.${reason}`;
const met = (requirement: MintRequirementKey): MintRequirement => ({ key: requirement, met: true, reason: null });
const unmet = (
  requirement: MintRequirementKey,
  reason: string,
  values?: MintRequirement['values'],
): MintRequirement => ({
  key: requirement,
  met: false,
  reason: key(requirement, reason),
  ...(values && { values }),
});

/** "you", "peer" or "both" for a condition each side may fail. */
function who(viewerFails: boolean, peerFails: boolean): 'you' | 'peer' | 'both' {
  return viewerFails && peerFails ? 'both' : viewerFails ? 'you' : 'peer';
}

const hoursLeft = (ms: number) => Math.max(1, Math.ceil(ms / HOUR_MS));
const levelsOf = (held: Map<number, Date | null>) =>
  [...held.keys()]
    .sort()
    .map((type) => levelName(type))
    .join(', ');

/** Live progress, only for the reason of an unmet "met" (minutes so far). */
export interface ProgressHint {
  minutesTogether: number;
  requiredMinutes: number;
}

/** Each condition of MINT_REQUIREMENTS, met or not, with the reason and its values. */
export function mintRequirements(
  facts: MintFacts,
  viewerId: number,
  now: number,
  progress?: ProgressHint,
): MintRequirement[] {
  const { meeting, mintType, pair } = facts;
  const [myTokens, peerTokens] = forViewer(pair, viewerId, facts.held);
  const [myKyc, peerKyc] = forViewer(pair, viewerId, facts.kyc);
  const [myRestriction, peerRestriction] = forViewer(pair, viewerId, facts.restriction);
  const level: SaleLevel | null = mintType === null ? null : (levelName(mintType) as SaleLevel);
  const requirements: MintRequirement[] = [];

  requirements.push(
    meeting
      ? met('met')
      : unmet(
          'met',
          'notYet',
          progress ? { minutes: progress.minutesTogether, required: progress.requiredMinutes } : undefined,
        ),
  );

  if (!meeting) requirements.push(unmet('confirmed', 'meetFirst'));
  else {
    const [mine, theirs] = forViewer(pair, viewerId, [meeting.lowConfirmedAt, meeting.highConfirmedAt] as const);
    requirements.push(mine && theirs ? met('confirmed') : unmet('confirmed', who(!mine, !theirs)));
  }

  if (level !== null) requirements.push(met('sameLevel'));
  else if (myTokens.size === 0) requirements.push(unmet('sameLevel', 'youHaveNone'));
  else if (peerTokens.size === 0) requirements.push(unmet('sameLevel', 'peerHasNone'));
  else requirements.push(unmet('sameLevel', 'different', { mine: levelsOf(myTokens), peer: levelsOf(peerTokens) }));

  if (mintType === null || level === null) requirements.push(unmet('heldLongEnough', 'noLevel'));
  else {
    // A token whose acquisition time is unknown counts as just acquired.
    const readyAt = (acquiredAt: Date | null | undefined) => heldSince(acquiredAt, now) + HOLD_MS;
    const mineReady = readyAt(myTokens.get(mintType));
    const peerReady = readyAt(peerTokens.get(mintType));
    const until = Math.max(mineReady, peerReady);
    requirements.push(
      until <= now
        ? met('heldLongEnough')
        : unmet('heldLongEnough', who(mineReady > now, peerReady > now), {
            level,
            hours: hoursLeft(until - now),
            required: FIRST_MINT_DELAY_HOURS,
            until: new Date(until).toISOString(),
          }),
    );
  }

  if (mintType === null || level === null) requirements.push(unmet('kyc', 'noLevel'));
  else if (mintType === NFT_TYPE.SILVER) requirements.push(met('kyc'));
  else {
    // Gold and above: both approved up to this level (SPEC.md section 6).
    const mineOk = kycAllows(myKyc, mintType);
    const peerOk = kycAllows(peerKyc, mintType);
    requirements.push(mineOk && peerOk ? met('kyc') : unmet('kyc', who(!mineOk, !peerOk), { level }));
  }

  const attempt = facts.blockingAttempt;
  if (!attempt) requirements.push(met('pairNotMinted'));
  else if (attempt.outcome === 'pending') requirements.push(unmet('pairNotMinted', 'inProgress'));
  else requirements.push(unmet('pairNotMinted', attempt.outcome === 'success' ? 'minted' : 'failed'));

  if (!myRestriction && !peerRestriction) requirements.push(met('notRestricted'));
  else if (myRestriction) {
    requirements.push(
      unmet('notRestricted', 'you', {
        reason: myRestriction.reason,
        hours: hoursLeft(myRestriction.remainingMs),
        until: myRestriction.until,
      }),
    );
  } else requirements.push(unmet('notRestricted', 'peer'));

  return requirements;
}
