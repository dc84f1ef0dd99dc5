import { and, asc, eq } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import { REFERRAL_POOL_SHARE } from '@app/shared/constants';
import type { TransactionType } from '@app/shared/schemas/crypto';
import type { ErrorCode } from '@app/shared/errors';
import { cryptoTransactions, nfts, purchases } from '../../db/schema';
import { one } from '../../db/rows';
import type { CryptoContext } from './context';
import { stepRetries } from './step-retries';
import { isTransientChainError } from '../../chain/transient-error';
import { shareOf } from './amounts';
import { lockWallet, move, post, type Posting } from './ledger';
import { describePurchase, marketChanged, serveQueue } from './market-service';
import { levelName, toTransaction } from './representations';
import { journaled, resumeSend, settleSend, type JournalPurpose } from './chain-journal';
import { crashPoint } from '../../lib/crash-points';
import { publish } from '../../events/event-bus';

type PurchaseRow = typeof purchases.$inferSelect;
type StepRow = typeof cryptoTransactions.$inferSelect;
const STEPS = ['GASING', 'APPROVE', 'BUY_NFT'] as const satisfies readonly TransactionType[];
/** A technical failure is retried from the first step this many times in all before the purchase fails. */
export const MAX_PURCHASE_ATTEMPTS = 3;

/**
 * Runs a reserved purchase on chain, one step per pass, each recorded before it is sent:
 * GASING (the treasury tops up the buyer's BNB when it cannot pay the gas), APPROVE (the market may
 * take the price) and BUY_NFT. A step that is not needed is recorded as NONE. After a restart a
 * recorded step is followed, not sent again; BUY_NFT checks the token's owner first.
 */
export function createPurchaseProcessor(ctx: CryptoContext, log: { error(obj: object, msg: string): void }) {
  const retries = stepRetries(ctx.db, 'purchase');
  async function emit(purchaseId: number) {
    const row = one(await ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId)));
    ctx.events.purchase(row.userId, await describePurchase(ctx.db, row));
  }

  async function record(
    purchase: PurchaseRow,
    type: (typeof STEPS)[number],
    values: Partial<StepRow>,
  ): Promise<StepRow> {
    const row = one(
      await ctx.db
        .insert(cryptoTransactions)
        .values({
          userId: purchase.userId,
          type,
          status: 'PROCESSING',
          currency: type === 'GASING' ? 'BNB' : 'USDT',
          amount: '0',
          purchaseId: purchase.id,
          nftId: purchase.nftId,
          requiredConfirmations: 1,
          ...values,
        })
        .returning(),
    );
    ctx.events.transaction(purchase.userId, toTransaction(row));
    return row;
  }

  /** A step's failure reason is a catalogue code. */
  async function setStep(step: StepRow, set: Omit<Partial<StepRow>, 'error'> & { error?: ErrorCode }) {
    const row = one(
      await ctx.db.update(cryptoTransactions).set(set).where(eq(cryptoTransactions.id, step.id)).returning(),
    );
    ctx.events.transaction(row.userId!, toTransaction(row));
    return row;
  }

  const gasNeeded = async () => (await ctx.chain.gasPrice()) * (ctx.chain.transferGasLimit + ctx.chain.buyGasLimit);

  /** Signs and broadcasts a recorded step; its hash is saved with the journal entry before the broadcast. */
  async function sendStep(purchase: PurchaseRow, step: StepRow): Promise<StepRow> {
    const signer = { kind: 'user' as const, userId: purchase.userId };
    const options = journaled(ctx, { purpose: step.type as JournalPurpose, refId: step.id }, (tx, signed) =>
      tx
        .update(cryptoTransactions)
        .set({ txHash: signed?.hash ?? null })
        .where(eq(cryptoTransactions.id, step.id)),
    );
    try {
      if (step.type === 'GASING')
        await ctx.chain.sendNative({ kind: 'treasury' }, step.counterparty as Address, BigInt(step.amount), options);
      else if (step.type === 'APPROVE') await ctx.chain.approveMarket(signer, BigInt(purchase.price), options);
      else await ctx.chain.buyToken(signer, purchase.nftId!, options);
    } catch (error) {
      // Journaled but not broadcast (the node did not answer): the next pass sends the same bytes.
      const [saved] = await ctx.db.select().from(cryptoTransactions).where(eq(cryptoTransactions.id, step.id));
      if (!saved?.txHash) throw error;
      log.error({ err: error, transactionId: step.id }, 'purchase step broadcast failed, resending on the next pass');
    }
    crashPoint('purchase.step.sent');
    const row = one(await ctx.db.select().from(cryptoTransactions).where(eq(cryptoTransactions.id, step.id)));
    ctx.events.transaction(purchase.userId, toTransaction(row));
    return row;
  }

  /** Starts a step: decides whether it is needed, records it, sends it. */
  async function start(purchase: PurchaseRow, type: (typeof STEPS)[number]) {
    const address = ctx.chain.addressOf(purchase.userId);
    const price = BigInt(purchase.price);
    if (type === 'GASING') {
      const [need, have] = await Promise.all([gasNeeded(), ctx.chain.nativeBalance(address)]);
      if (have >= need) return record(purchase, type, { status: 'NONE' });
      // Twice what is missing, so a gas price that moves a little does not stop the purchase.
      const amount = (need - have) * 2n;
      return sendStep(purchase, await record(purchase, type, { amount: amount.toString(), counterparty: address }));
    }
    if (type === 'APPROVE') {
      if ((await ctx.chain.usdtAllowance(address)) >= price)
        return record(purchase, type, { status: 'NONE', amount: price.toString() });
      return sendStep(
        purchase,
        await record(purchase, type, { amount: price.toString(), counterparty: ctx.chain.marketAddress }),
      );
    }
    return sendStep(
      purchase,
      await record(purchase, type, { amount: price.toString(), counterparty: ctx.chain.marketAddress }),
    );
  }

  /**
   * Follows a recorded step. Without a hash it was never broadcast (the hash is saved before), so it
   * is sent now; with one, its receipt decides, and a transaction the node lost is sent again.
   */
  async function follow(purchase: PurchaseRow, step: StepRow): Promise<'done' | 'wait' | 'failed'> {
    if (!step.txHash) {
      // A row from before the journal existed: the token may already be the buyer's.
      if (
        step.type === 'BUY_NFT' &&
        (await ctx.chain.ownerOf(purchase.nftId!)).toLowerCase() === ctx.chain.addressOf(purchase.userId).toLowerCase()
      ) {
        await setStep(step, { status: 'CONFIRMED', confirmations: 1 });
        return 'done';
      }
      await sendStep(purchase, step);
      return 'wait';
    }
    const receipt = await ctx.chain.receipt(step.txHash as Hash);
    if (!receipt) {
      if ((await resumeSend(ctx, step.txHash)) === 'dropped') await setStep(step, { txHash: null });
      return 'wait';
    }
    await settleSend(ctx, step.txHash, receipt.status === 'reverted' ? 'reverted' : 'mined');
    if (receipt.status === 'reverted') {
      await setStep(step, { status: 'FAIL', blockNumber: receipt.blockNumber, error: 'TRANSACTION_REVERTED' });
      return 'failed';
    }
    await setStep(step, { status: 'CONFIRMED', confirmations: 1, blockNumber: receipt.blockNumber });
    return 'done';
  }

  /** The token is the buyer's: the escrow pays the sale, the token changes hands in the books. */
  async function complete(purchase: PurchaseRow) {
    const [token] = await ctx.db.select().from(nfts).where(eq(nfts.id, purchase.nftId!));
    const price = BigInt(purchase.price);
    const minted = token?.parent1Id != null;
    // A minted token's parents are paid 40% each by the contract (they come back as REWARD deposits);
    // 20% funds referral rewards. Everything from the initial supply is the platform's.
    const referral = minted ? shareOf(price, REFERRAL_POOL_SHARE) : 0n;
    const postings: Posting[] = minted
      ? [
          { account: 'escrow', userId: purchase.userId, amount: -price },
          { account: 'external', amount: price - referral },
          { account: 'referral_pool', amount: referral },
        ]
      : move('escrow', 'platform', price, purchase.userId);
    const done = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, purchase.userId);
      const [claimed] = await tx
        .update(purchases)
        .set({ status: 'COMPLETED', error: null })
        .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'PROCESSING')))
        .returning();
      if (!claimed) return false;
      await tx
        .update(nfts)
        .set({ status: 'OWNED', ownerId: purchase.userId, reservedFor: null, acquiredAt: new Date() })
        .where(eq(nfts.id, purchase.nftId!));
      await post(tx, { memo: 'token bought', purchaseId: purchase.id, postings });
      const sale = { nftId: purchase.nftId!, level: purchase.type, price: purchase.price };
      await publish(tx, 'purchase.completed', {
        userId: purchase.userId,
        purchaseId: purchase.id,
        ...sale,
        fromSupply: !minted,
      });
      await publish(tx, 'token.sold', {
        ...sale,
        buyerId: purchase.userId,
        purchaseId: purchase.id,
        parent1Id: token?.parent1Id ?? null,
        parent2Id: token?.parent2Id ?? null,
      });
      return true;
    });
    if (done) {
      await emit(purchase.id);
      ctx.events.wallet(purchase.userId, { reason: 'purchase' });
      marketChanged(ctx, levelName(purchase.type) as 'SILVER');
    }
  }

  /** A step failed: try again from the start, or give up, refund and put the token back on sale. */
  async function fail(purchase: PurchaseRow, reason: string) {
    const attempts = purchase.attempts + 1;
    if (attempts < MAX_PURCHASE_ATTEMPTS) {
      await ctx.db.update(purchases).set({ attempts }).where(eq(purchases.id, purchase.id));
      return;
    }
    // The token goes back on sale only if the market contract still holds it (someone outside the
    // platform may have bought it on chain, which is why the purchase failed).
    const holder = await ctx.chain.ownerOf(purchase.nftId!).catch(() => null);
    const stillListed = holder?.toLowerCase() === ctx.chain.marketAddress.toLowerCase();
    const failed = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, purchase.userId);
      const [claimed] = await tx
        .update(purchases)
        .set({ status: 'FAILED', attempts, error: reason })
        .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'PROCESSING')))
        .returning();
      if (!claimed) return false;
      await tx
        .update(nfts)
        .set(
          stillListed
            ? { status: 'LISTED', reservedFor: null }
            : { status: 'OWNED', ownerId: null, reservedFor: null, listedAt: null },
        )
        .where(eq(nfts.id, purchase.nftId!));
      await post(tx, {
        memo: 'purchase failed, refunded',
        purchaseId: purchase.id,
        postings: move('escrow', 'available', BigInt(purchase.price), purchase.userId, purchase.userId),
      });
      await publish(tx, 'purchase.refunded', {
        userId: purchase.userId,
        purchaseId: purchase.id,
        level: purchase.type,
        price: purchase.price,
        reason: 'failed',
      });
      return true;
    });
    if (failed) {
      await emit(purchase.id);
      ctx.events.wallet(purchase.userId, { reason: 'refund' });
      await serveQueue(ctx, purchase.type);
    }
  }

  /** Moves one purchase as far as it can go without waiting. */
  async function advance(purchase: PurchaseRow) {
    for (;;) {
      const steps = await ctx.db
        .select()
        .from(cryptoTransactions)
        .where(eq(cryptoTransactions.purchaseId, purchase.id))
        .orderBy(asc(cryptoTransactions.id));
      const last = steps.at(-1);
      // After a failed attempt the steps start over.
      const current = last && last.status !== 'FAIL' ? last : undefined;
      if (last?.status === 'FAIL' && purchase.attempts === 0) return fail(purchase, last.error ?? 'TRANSACTION_FAILED');
      if (current?.status === 'PROCESSING') {
        const outcome = await follow(purchase, current);
        if (outcome === 'wait') return;
        if (outcome === 'failed') return fail(purchase, 'TRANSACTION_FAILED');
        if (current.type === 'BUY_NFT') return complete(purchase);
        await emit(purchase.id);
        continue;
      }
      if (current?.type === 'BUY_NFT') return complete(purchase);
      const next = current ? STEPS[STEPS.indexOf(current.type as (typeof STEPS)[number]) + 1]! : STEPS[0];
      await start(purchase, next);
      await emit(purchase.id);
    }
  }

  async function run(): Promise<void> {
    const open = await ctx.db
      .select()
      .from(purchases)
      .where(eq(purchases.status, 'PROCESSING'))
      .orderBy(asc(purchases.id));
    // A purchase whose step threw starts over (fail counts the attempt, the last one refunds); when
    // the node did not answer, only after a wait, so a node down for a minute does not use up every
    // attempt at once. A refusal (a revert) would say the same again: it is not waited out.
    await retries.each(
      open,
      advance,
      async (purchase, error, { tries }) => {
        log.error({ err: error, purchaseId: purchase.id, tries }, 'purchase step failed');
        await fail(purchase, 'TRANSACTION_FAILED').catch(() => undefined);
      },
      isTransientChainError,
    );
  }

  return { run };
}
export type PurchaseProcessor = ReturnType<typeof createPurchaseProcessor>;
