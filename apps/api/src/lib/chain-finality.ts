/** When a transfer counts (CHAIN_FINALITY): after a number of confirmations, or once its block is finalized. */
export const CHAIN_FINALITIES = ['confirmations', 'finalized'] as const;
export type ChainFinality = (typeof CHAIN_FINALITIES)[number];
