import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { RebroadcastOutcome, SendOptions, SignedTransaction } from '../../chain/gateway';
import type { Tx } from '../../db/client';
import { chainSends } from '../../db/schema';
import type { CryptoContext } from './context';

/**
 * The journal of every transaction the platform signs (chain_sends). A send is written here before
 * it is broadcast, in one transaction with whatever row it belongs to (`alsoRecord`), so after a
 * crash the worker resends the very same bytes or learns that they never ran: nothing is guessed.
 * A broadcast the node refuses is undone the same way (`alsoRecord` with null).
 */
export type JournalPurpose = 'GASING' | 'APPROVE' | 'BUY_NFT' | 'OUTPUT' | 'mint' | 'supply' | 'grant' | 'payout';

export function journaled(
  ctx: CryptoContext,
  entry: { purpose: JournalPurpose; refId?: number; detail?: Record<string, unknown> },
  alsoRecord?: (tx: Tx, signed: SignedTransaction | null) => Promise<unknown>,
): SendOptions {
  return {
    // Refused by the node: it never ran, so the row forgets the hash (alsoRecord with null).
    onRefused: (signed) =>
      ctx.db.transaction(async (tx) => {
        await settleSend(ctx, signed.hash, 'dropped', tx);
        await alsoRecord?.(tx, null);
      }),
    onSigned: (signed) =>
      ctx.db.transaction(async (tx) => {
        await tx.insert(chainSends).values({
          hash: signed.hash,
          fromAddress: signed.from,
          nonce: signed.nonce,
          raw: signed.raw,
          purpose: entry.purpose,
          refId: entry.refId ?? null,
          detail: entry.detail ?? null,
        });
        await alsoRecord?.(tx, signed);
      }),
  };
}

/** Sends a journaled transaction again if it is still due; `unknown` for a hash the journal never saw. */
export async function resumeSend(ctx: CryptoContext, hash: string): Promise<RebroadcastOutcome | 'unknown'> {
  const [row] = await ctx.db.select().from(chainSends).where(eq(chainSends.hash, hash));
  if (!row) return 'unknown';
  const outcome = await ctx.chain.rebroadcast({
    hash: row.hash as Hex,
    from: row.fromAddress as Hex,
    nonce: row.nonce,
    raw: row.raw as Hex,
  });
  if (outcome === 'dropped') await settleSend(ctx, hash, 'dropped');
  return outcome;
}

export async function settleSend(ctx: CryptoContext, hash: string, outcome: 'mined' | 'reverted' | 'dropped', tx?: Tx) {
  await (tx ?? ctx.db)
    .update(chainSends)
    .set({ settledAt: new Date(), outcome })
    .where(and(eq(chainSends.hash, hash), isNull(chainSends.settledAt)));
}

/** Journaled sends of these purposes that nobody settled and that are older than `olderThanMs`. */
export async function unsettledSends(ctx: CryptoContext, purpose: JournalPurpose, olderThanMs: number) {
  return ctx.db
    .select()
    .from(chainSends)
    .where(
      and(
        eq(chainSends.purpose, purpose),
        isNull(chainSends.settledAt),
        lt(chainSends.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    );
}
