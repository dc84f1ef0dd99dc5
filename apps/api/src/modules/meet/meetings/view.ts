import { inArray } from 'drizzle-orm';
import { NFT_LEVELS, SALE_LEVELS } from '@app/shared/constants';
import type { MeetingProgress, MeetingView } from '@app/shared/schemas/meet';
import { avatarUrl } from '@app/shared/schemas/user';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { lastMintOf, toMintResult } from './mint-result';
import { levelName } from '../../crypto/representations';
import { createMeetingState, snapshotMeeting, type MeetingSnapshot } from '../detector/meeting-detector';
import { MEETING_RULES } from '../detector/rules';
import type { MeetingCodes } from './codes';
import { isPresent, shownStatus, type PairRecord } from './ingest';
import { sideOf, type Pair } from './pair';
import {
  forViewer,
  loadMintRows,
  mintFactsAt,
  mintRequirements,
  type MeetingRow,
  type MintFacts,
  type MintRows,
} from './requirements';

type SaleLevel = (typeof SALE_LEVELS)[number];

const REQUIRED_MINUTES = Math.round(MEETING_RULES.durationMs / 60_000);

/**
 * What both users see of the detection. A meeting already recorded shows as met, unless a new
 * run is going on right now (the pair came back after the rest), which then shows live.
 */
export function toProgress(snapshot: MeetingSnapshot, meeting: MeetingRow | null): MeetingProgress {
  const live = shownStatus(snapshot);
  const recorded = meeting !== null && live !== 'together' && live !== 'met';
  const metAt = snapshot.metAt ?? (recorded ? meeting.metAt.getTime() : null);
  const status = recorded ? 'met' : live;
  const progressMs = status === 'met' ? snapshot.requiredMs : snapshot.progressMs;
  return {
    status,
    minutesTogether: status === 'met' ? REQUIRED_MINUTES : snapshot.minutesTogether,
    requiredMinutes: REQUIRED_MINUTES,
    progressMs,
    requiredMs: snapshot.requiredMs,
    metAt: metAt === null ? null : new Date(metAt).toISOString(),
  };
}

export interface ViewDeps {
  db: Db;
  codes: MeetingCodes;
  chances: Record<SaleLevel, number>;
}

export interface PeerRow {
  id: number;
  domain: string | null;
  firstName: string | null;
  avatarMediaId: number | null;
}

/** The peer columns the view needs. */
export const peerViewColumns = {
  id: users.id,
  domain: users.domain,
  firstName: users.firstName,
  avatarMediaId: users.avatarMediaId,
};

/**
 * What both users' views are drawn from, as read (one set of reads serves the pair): nothing in it
 * depends on the moment of use, so a pair's rows may be kept between pushes (caches.ts).
 */
export interface PairRows {
  mint: MintRows;
  people: Map<number, PeerRow>;
  lastMint: Awaited<ReturnType<typeof lastMintOf>>;
}

export async function loadPairRows(db: Db, pair: Pair, now: number): Promise<PairRows> {
  const [mint, people, lastMint] = await Promise.all([
    loadMintRows(db, pair, now),
    db
      .select(peerViewColumns)
      .from(users)
      .where(inArray(users.id, [pair.low, pair.high])),
    lastMintOf(db, pair),
  ]);
  return { mint, people: new Map(people.map((p) => [p.id, p])), lastMint };
}

/** Everything both users' views are drawn from, at `now`. */
export interface PairViewFacts {
  mint: MintFacts;
  people: Map<number, PeerRow>;
  lastMint: Awaited<ReturnType<typeof lastMintOf>>;
  record: PairRecord | null;
  now: number;
}

export function pairViewFacts(rows: PairRows, record: PairRecord | null, now: number): PairViewFacts {
  return { mint: mintFactsAt(rows.mint, now), people: rows.people, lastMint: rows.lastMint, record, now };
}

export async function loadPairViewFacts(
  db: Db,
  pair: Pair,
  record: PairRecord | null,
  now: number,
): Promise<PairViewFacts> {
  return pairViewFacts(await loadPairRows(db, pair, now), record, now);
}

/** GET /api/meet/meetings/:peerId as `viewerId` sees it. */
export function meetingViewFor(
  deps: Pick<ViewDeps, 'codes' | 'chances'>,
  facts: PairViewFacts,
  viewerId: number,
): MeetingView {
  const { mint, record, now } = facts;
  const { pair } = mint;
  const peerId = viewerId === pair.low ? pair.high : pair.low;
  const peer = facts.people.get(peerId) ?? { id: peerId, domain: null, firstName: null, avatarMediaId: null };
  const snapshot = snapshotMeeting(record?.state ?? createMeetingState(pair.low, pair.high), now);
  const progress = toProgress(snapshot, mint.meeting);
  const requirements = mintRequirements(mint, viewerId, now, progress);
  const mySide = sideOf(pair, viewerId);
  const [myConfirmation, peerConfirmation] = mint.meeting
    ? forViewer(pair, viewerId, [mint.meeting.lowConfirmedAt, mint.meeting.highConfirmedAt] as const)
    : [null, null];
  const [, peerKyc] = forViewer(pair, viewerId, mint.kyc);
  const [, peerLevels] = forViewer(pair, viewerId, mint.levels);
  const mintLevel = mint.mintType === null ? null : (levelName(mint.mintType) as SaleLevel);
  return {
    peer: {
      id: peer.id,
      domain: peer.domain,
      firstName: peer.firstName,
      avatar: peer.avatarMediaId ? avatarUrl(peer.avatarMediaId) : null,
      levels: peerLevels.map((type) => NFT_LEVELS[type]!),
      verified: peerKyc !== null,
    },
    progress,
    peerPresent: isPresent(record?.devices[1 - mySide] ?? null, now),
    myCode: deps.codes.current(viewerId, peerId, now),
    confirmedByMe: myConfirmation !== null,
    confirmedByPeer: peerConfirmation !== null,
    mintLevel,
    mintChance: mintLevel === null ? null : deps.chances[mintLevel],
    requirements,
    canMint: requirements.every((r) => r.met),
    restriction: mint.restriction[mySide],
    lastMint: facts.lastMint
      ? toMintResult(facts.lastMint.attempt, facts.lastMint.transactions.get(viewerId) ?? null)
      : null,
  };
}
