import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Transaction, WithdrawRequest } from '@app/shared/schemas/crypto';
import { cryptoTransactions } from '../../db/schema';
import { one } from '../../db/rows';
import { isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fromWei, toWei } from './amounts';
import type { CryptoContext } from './context';
import { requestHash } from './idempotency';
import { balancesOf, lockWallet, move, post } from './ledger';
import { toTransaction } from './representations';
import { ensureWallet, fromChain } from './wallet-service';
import { holdUntil } from './withdrawal-addresses';
import { publish } from '../../events/event-bus';

/**
 * A withdrawal request: the money moves from available to withdrawing at once (so it cannot be spent
 * twice), and the withdrawal sender signs and sends the transfer. The same Idempotency-Key always
 * answers the same transaction.
 */
export async function requestWithdrawal(
  ctx: CryptoContext,
  userId: number,
  body: WithdrawRequest,
  key: string,
): Promise<Transaction> {
  // The sender transfers USDT only; BNB stays on the address to pay the gas.
  if (body.currency !== 'USDT') throw new AppError('WITHDRAW_CURRENCY_UNSUPPORTED');
  // The proof is not part of the request's identity: a retry with a new code is the same withdrawal.
  const { stepUp, ...request } = body;
  const hash = requestHash({ ...request, address: body.address.toLowerCase() });
  const replay = await findByKey(ctx, userId, key, hash);
  if (replay) return replay;

  const own = await ensureWallet(ctx, userId);
  if (own.toLowerCase() === body.address.toLowerCase()) throw new AppError('WITHDRAW_TO_OWN_ADDRESS');
  const amount = toWei(body.amount);

  // The user's own BNB pays the gas of the transfer (SPEC.md's insufficient-fee warning).
  const [nativeBalance, gasPrice] = await Promise.all([
    fromChain(() => ctx.chain.nativeBalance(own as Address)),
    fromChain(() => ctx.chain.gasPrice()),
  ]);
  const fee = gasPrice * ctx.chain.transferGasLimit;
  if (nativeBalance < fee)
    throw new AppError('INSUFFICIENT_FEE', { details: { balance: fromWei(nativeBalance), fee: fromWei(fee) } });

  // Checked last before the money moves, so a refused request does not spend a one-time code.
  await ctx.withdrawals.verifyStepUp(userId, stepUp);

  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, userId);
      const balances = await balancesOf(tx, userId);
      if (balances.available < amount) throw new AppError('INSUFFICIENT_FUNDS');
      const heldUntil = await holdUntil(tx, userId, body.address, ctx.withdrawals.newAddressHours, new Date());
      const created = one(
        await tx
          .insert(cryptoTransactions)
          .values({
            userId,
            type: 'OUTPUT',
            status: 'REQUESTED',
            amount: amount.toString(),
            counterparty: body.address,
            idempotencyKey: key,
            requestHash: hash,
            requiredConfirmations: 1,
            heldUntil,
          })
          .returning(),
      );
      await post(tx, {
        memo: 'withdrawal requested',
        transactionId: created.id,
        postings: move('available', 'withdrawing', amount, userId, userId),
      });
      await publish(tx, 'withdrawal.requested', { userId, transactionId: created.id, amount: created.amount });
      return created;
    });
    ctx.events.wallet(userId, { reason: 'withdrawal', transactionId: row.id });
    ctx.wake();
    return toTransaction(row);
  } catch (error) {
    // Two requests with one key raced: the loser answers what the winner created.
    if (isUniqueViolation(error)) {
      const winner = await findByKey(ctx, userId, key, hash);
      if (winner) return winner;
    }
    throw error;
  }
}

async function findByKey(ctx: CryptoContext, userId: number, key: string, hash: string): Promise<Transaction | null> {
  const [row] = await ctx.db
    .select()
    .from(cryptoTransactions)
    .where(and(eq(cryptoTransactions.userId, userId), eq(cryptoTransactions.idempotencyKey, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return toTransaction(row);
}
