import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Hash } from 'viem';
import { SALE_LEVELS } from '@app/shared/constants';
import type { MintRequirement, MintResult } from '@app/shared/schemas/meet';
import type { ServerToClientEvents } from '@app/shared/socket-events';
import type { ErrorCode } from '@app/shared/errors';
import { cryptoTransactions, mintAttempts, users } from '../../db/schema';
import { one } from '../../db/rows';
import { isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isBlockedEitherWay } from '../people/blocks';
import type { MeetingService } from '../meet/meetings/service';
import { pairOf, type Pair } from '../meet/meetings/pair';
import { blockingAttempt, loadMintFacts, mintRequirements, type MintAttemptRow } from '../meet/meetings/requirements';
import type { CryptoContext } from '../crypto/context';
import { awaitCreated, recordCreatedTokens } from '../crypto/market-service';
import { quantizeChance, quantizeRoll, type MintRandom } from './mint-random';
import { generateTransactionOf, toMintResult } from '../meet/meetings/mint-result';
import { mintPush } from '../crypto/push-items';
import { levelName, toTransaction } from '../crypto/representations';
import { journaled, resumeSend, settleSend } from '../crypto/chain-journal';
import { crashPoint } from '../../lib/crash-points';
import { publish } from '../../events/event-bus';

/**
 * PATCH /crypto/nft/mint: two users who met, confirmed, and hold the same level for long enough
 * roll the published chance; a success mints a child token on chain with both as parents and
 * lists it (the queue of that level is served first). Every attempt is a row before anything is
 * drawn on chain, and the pair's unique index lets exactly one attempt through at a time.
 */

type SaleLevel = (typeof SALE_LEVELS)[number];
type Emit = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface MintDeps {
  ctx: CryptoContext;
  clock: Clock;
  meetings: Pick<MeetingService, 'pushViews' | 'progressOf'>;
  chances: Record<SaleLevel, number>;
  random: MintRandom;
  emit: Emit;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** How long to wait for the mint transaction to be mined before answering MINT_IN_PROGRESS. */
  receiptTimeoutMs?: number;
}

/** The attempt the pair already has stops this one: in progress, or the pair is done. */
function refuseForAttempt(attempt: MintAttemptRow): never {
  throw new AppError(attempt.outcome === 'pending' ? 'MINT_IN_PROGRESS' : 'PAIR_ALREADY_MINTED');
}

const unmetDetails = (requirements: MintRequirement[]) =>
  requirements.filter((r) => !r.met).map(({ key, reason, values }) => ({ key, reason, ...(values && { values }) }));

export async function mint(deps: MintDeps, userId: number, peerId: number): Promise<MintResult> {
  const { db } = deps.ctx;
  if (userId === peerId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
  const [peer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, peerId), isNull(users.deletedAt), isNull(users.blockedAt)));
  if (!peer) throw new AppError('NOT_FOUND');
  if (await isBlockedEitherWay(db, userId, peerId))
    throw new AppError('USER_BLOCKED', { message: 'Minting is not possible: one of you has blocked the other' });

  const pair = pairOf(userId, peerId);
  const now = deps.clock.now();
  const facts = await loadMintFacts(db, pair, now);
  if (facts.blockingAttempt) {
    if (facts.blockingAttempt.outcome === 'pending') return resumePending(deps, facts.blockingAttempt);
    refuseForAttempt(facts.blockingAttempt);
  }
  const progress = facts.meeting ? undefined : await deps.meetings.progressOf(userId, peerId);
  const requirements = mintRequirements(facts, userId, now, progress);
  const restricted = requirements.find((r) => r.key === 'notRestricted' && !r.met);
  if (restricted) throw new AppError('MINT_RESTRICTED', { details: { requirements: unmetDetails([restricted]) } });
  if (!requirements.every((r) => r.met) || facts.mintType === null || !facts.meeting) {
    throw new AppError('MINT_NOT_ALLOWED', { details: { requirements: unmetDetails(requirements) } });
  }

  const type = facts.mintType;
  const chance = quantizeChance(deps.chances[levelName(type) as SaleLevel]);
  const roll = quantizeRoll(deps.random());
  let attempt: MintAttemptRow;
  try {
    attempt = one(
      await db
        .insert(mintAttempts)
        .values({
          meetingId: facts.meeting.id,
          userLowId: pair.low,
          userHighId: pair.high,
          requestedBy: userId,
          type,
          outcome: 'pending',
          chance: chance.toFixed(5),
          roll: roll.toFixed(10),
        })
        .returning(),
    );
  } catch (error) {
    // The other user (or a double click) got there first: one attempt per pair at a time.
    if (!isUniqueViolation(error)) throw error;
    const winner = await blockingAttempt(db, pair);
    if (winner) refuseForAttempt(winner);
    throw new AppError('MINT_IN_PROGRESS');
  }

  if (!(roll < chance)) return finish(deps, attempt, { outcome: 'failure' });

  const options = journaled(deps.ctx, { purpose: 'mint', refId: attempt.id }, (tx, signed) =>
    tx
      .update(mintAttempts)
      .set({ txHash: signed?.hash ?? null })
      .where(eq(mintAttempts.id, attempt.id)),
  );
  try {
    await deps.ctx.chain.mintChild(
      type,
      deps.ctx.chain.addressOf(pair.low),
      deps.ctx.chain.addressOf(pair.high),
      options,
    );
  } catch (error) {
    attempt = one(await db.select().from(mintAttempts).where(eq(mintAttempts.id, attempt.id)));
    if (!attempt.txHash) {
      deps.log.error({ err: error, attemptId: attempt.id }, 'mint transaction could not be sent');
      return finish(deps, attempt, { outcome: 'technical_failure', error: 'MINT_NOT_SENT' });
    }
    // Journaled: the chain workers send the same bytes again and finish the attempt.
    deps.log.error({ err: error, attemptId: attempt.id }, 'mint broadcast failed, resending in the background');
    throw new AppError('MINT_IN_PROGRESS');
  }
  crashPoint('mint.sent');
  attempt = one(await db.select().from(mintAttempts).where(eq(mintAttempts.id, attempt.id)));
  return awaitMinted(deps, attempt, attempt.txHash as Hash, deps.receiptTimeoutMs);
}

/**
 * The chain workers' part: a pending attempt whose request ended before its outcome (a crash, a
 * slow chain) is followed here. Its transaction is resent from the journal or found dropped; one
 * never signed (no hash after the grace period) failed for a technical reason and may be retried.
 */
export async function settlePendingMints(deps: MintDeps, graceMs = 60_000): Promise<void> {
  const { db } = deps.ctx;
  const pending = await db.select().from(mintAttempts).where(eq(mintAttempts.outcome, 'pending'));
  for (const attempt of pending) {
    const age = Date.now() - attempt.createdAt.getTime();
    if (!attempt.txHash) {
      if (age > graceMs) await finish(deps, attempt, { outcome: 'technical_failure', error: 'MINT_NOT_SENT' });
      continue;
    }
    const receipt = await deps.ctx.chain.receipt(attempt.txHash as Hash);
    if (receipt) {
      await settleSend(deps.ctx, attempt.txHash, receipt.status === 'reverted' ? 'reverted' : 'mined');
      await awaitMinted(deps, attempt, attempt.txHash as Hash, 5_000).catch(() => undefined);
      continue;
    }
    const outcome = await resumeSend(deps.ctx, attempt.txHash);
    if (outcome === 'dropped') await finish(deps, attempt, { outcome: 'technical_failure', error: 'MINT_DROPPED' });
  }
}

/** Waits for the mint transaction; a revert is a technical failure, a slow chain leaves the attempt pending. */
async function awaitMinted(
  deps: MintDeps,
  attempt: MintAttemptRow,
  hash: Hash,
  timeoutMs?: number,
): Promise<MintResult> {
  let ids: number[];
  try {
    ids = await awaitCreated(deps.ctx, hash, timeoutMs);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CHAIN_UNAVAILABLE') {
      // Not mined yet: it may still be. The next request of either user picks it up (resumePending).
      throw new AppError('MINT_IN_PROGRESS');
    }
    deps.log.error({ err: error, attemptId: attempt.id }, 'mint transaction failed');
    const reverted = error instanceof AppError && error.code === 'TRANSACTION_FAILED';
    return finish(deps, attempt, {
      outcome: 'technical_failure',
      error: reverted ? 'TRANSACTION_REVERTED' : 'TRANSACTION_FAILED',
    });
  }
  const nftId = ids[0];
  if (nftId === undefined) return finish(deps, attempt, { outcome: 'technical_failure', error: 'MINT_NO_TOKEN' });
  return finish(deps, attempt, { outcome: 'success', nftId, hash });
}

/** An attempt left pending (a slow chain, a restart): follow its transaction instead of drawing again. */
async function resumePending(deps: MintDeps, attempt: MintAttemptRow): Promise<MintResult> {
  if (!attempt.txHash) throw new AppError('MINT_IN_PROGRESS');
  const receipt = await deps.ctx.chain.receipt(attempt.txHash as Hash);
  if (!receipt) throw new AppError('MINT_IN_PROGRESS');
  return awaitMinted(deps, attempt, attempt.txHash as Hash, 5_000);
}

type Finish =
  | { outcome: 'failure' }
  | { outcome: 'technical_failure'; error: ErrorCode }
  | { outcome: 'success'; nftId: number; hash: Hash };

/** Records the outcome once (a concurrent finisher loses), tells both users, and answers the requester. */
async function finish(deps: MintDeps, attempt: MintAttemptRow, end: Finish): Promise<MintResult> {
  const { ctx } = deps;
  const pair: Pair = { low: attempt.userLowId, high: attempt.userHighId };
  const finishedAt = new Date(deps.clock.now());
  const txIds = new Map<number, number>();

  if (end.outcome === 'success') {
    // The token first (its queue is served at once), then the ledger rows and the outcome together.
    await recordCreatedTokens(ctx, {
      ids: [end.nftId],
      type: attempt.type,
      txHash: end.hash,
      parent1Id: pair.low,
      parent2Id: pair.high,
    });
    const receipt = await ctx.chain.receipt(end.hash);
    const done = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(mintAttempts)
        .set({ outcome: 'success', nftId: end.nftId, finishedAt })
        .where(and(eq(mintAttempts.id, attempt.id), eq(mintAttempts.outcome, 'pending')))
        .returning();
      if (!claimed) return null;
      // GENERATE moves no money: a record for each parent that a token was born of their meeting.
      const rows = await tx
        .insert(cryptoTransactions)
        .values(
          [pair.low, pair.high].map((userId) => ({
            userId,
            type: 'GENERATE' as const,
            status: 'CONFIRMED' as const,
            amount: '0',
            counterparty: ctx.chain.marketAddress,
            txHash: end.hash,
            blockNumber: receipt?.blockNumber ?? null,
            confirmations: 1,
            requiredConfirmations: 1,
            nftId: end.nftId,
          })),
        )
        .returning();
      for (const row of rows) txIds.set(row.userId!, row.id);
      await publish(tx, 'token.minted', {
        nftId: end.nftId,
        level: attempt.type,
        parent1Id: pair.low,
        parent2Id: pair.high,
        attemptId: attempt.id,
      });
      await tx
        .update(mintAttempts)
        .set({ transactionId: txIds.get(attempt.requestedBy) ?? null })
        .where(eq(mintAttempts.id, attempt.id));
      return rows;
    });
    if (done) {
      for (const row of done) {
        ctx.events.transaction(row.userId!, toTransaction(row));
        ctx.events.wallet(row.userId!, { reason: 'mint', transactionId: row.id });
      }
    }
  } else {
    await ctx.db
      .update(mintAttempts)
      .set({ outcome: end.outcome, error: end.outcome === 'technical_failure' ? end.error : null, finishedAt })
      .where(and(eq(mintAttempts.id, attempt.id), eq(mintAttempts.outcome, 'pending')));
  }

  const final = one(await ctx.db.select().from(mintAttempts).where(eq(mintAttempts.id, attempt.id)));
  for (const [userId, peerId] of [
    [pair.low, pair.high],
    [pair.high, pair.low],
  ] as const) {
    const result = toMintResult(final, txIds.get(userId) ?? (await generateTransactionOf(ctx.db, final.nftId, userId)));
    deps.emit(userId, 'mint:result', { peerId, result });
    deps.emit(userId, 'notification', mintPush(result));
  }
  await deps.meetings
    .pushViews(pair.low, pair.high)
    .catch((error: unknown) => deps.log.error({ err: error }, 'meeting views after a mint'));
  return toMintResult(
    final,
    txIds.get(attempt.requestedBy) ?? (await generateTransactionOf(ctx.db, final.nftId, attempt.requestedBy)),
  );
}
