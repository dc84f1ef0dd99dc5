import type { ChainGateway } from '../../chain/gateway';

/** Where the chain stands for one pass of the workers: which blocks count, and how that is shown. */
export interface Finality {
  head: bigint;
  /** The highest block whose transactions count: deposits are credited, withdrawals sent for good. */
  final: bigint;
  /**
   * Confirmations a transaction needs, as its row shows them: CHAIN_CONFIRMATIONS, or with
   * CHAIN_FINALITY=finalized the finalized block's distance from the head (+1), which moves with the chain.
   */
  required: number;
}

/**
 * CHAIN_FINALITY: `confirmations` counts a block once CHAIN_CONFIRMATIONS blocks (at least one: its
 * own) are mined; `finalized` once the chain's finalized block has reached it (BSC's fast finality
 * finalizes a block within a few blocks, and a finalized block is never reorganised away).
 */
export async function readFinality(chain: ChainGateway): Promise<Finality> {
  const head = await chain.blockNumber();
  if (chain.finality === 'finalized') {
    const finalized = await chain.finalizedBlock();
    // Read after the head, so possibly newer: nothing above the head counts in this pass.
    const final = finalized < head ? finalized : head;
    return { head, final, required: Number(head - final) + 1 };
  }
  return { head, final: head - BigInt(Math.max(1, chain.confirmations)) + 1n, required: chain.confirmations };
}

/** A block's confirmations: itself and the blocks on top of it. */
export const confirmationsAt = (finality: Finality, block: bigint) => Number(finality.head - block + 1n);
