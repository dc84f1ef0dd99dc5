import type { Purchase, PurchaseStatus, Transaction, TransactionType } from '@app/shared/schemas/crypto';

/** The on-chain steps of a purchase from a custodial address, in the order they run (PRODUCT.md). */
export const PURCHASE_STEPS = ['GASING', 'APPROVE', 'BUY_NFT'] as const satisfies readonly TransactionType[];
export type PurchaseStepType = (typeof PURCHASE_STEPS)[number];

export type StepState = 'waiting' | 'active' | 'done' | 'failed' | 'skipped';

export interface PurchaseStep {
  type: PurchaseStepType;
  state: StepState;
  /** The latest transaction of this step, if it has one yet. */
  tx: Transaction | null;
}

const FINAL: ReadonlySet<PurchaseStatus> = new Set(['COMPLETED', 'FAILED', 'CANCELED']);

/** A purchase that will not move any more. */
export const isFinal = (status: PurchaseStatus) => FINAL.has(status);

function stateOf(tx: Transaction): StepState {
  if (tx.status === 'CONFIRMED') return 'done';
  // The server records a step it did not need to send (gas already there, allowance already set) as NONE.
  if (tx.status === 'NONE') return 'skipped';
  if (tx.status === 'FAIL' || tx.status === 'CANCELED') return 'failed';
  return 'active';
}

/**
 * Where each step stands. A step with no transaction while a later one has one was not needed
 * (the address already had gas, say); the first step still to come of a running purchase is the
 * one being prepared.
 */
export function purchaseSteps(purchase: Pick<Purchase, 'status' | 'transactions'>): PurchaseStep[] {
  const latest = (type: PurchaseStepType) =>
    purchase.transactions
      .filter((tx) => tx.type === type)
      .reduce<Transaction | null>((a, b) => (!a || b.id > a.id ? b : a), null);

  const steps: PurchaseStep[] = PURCHASE_STEPS.map((type) => {
    const tx = latest(type);
    return { type, tx, state: tx ? stateOf(tx) : 'waiting' };
  });

  const lastWithTx = steps.map((s) => Boolean(s.tx)).lastIndexOf(true);
  steps.forEach((step, i) => {
    if (!step.tx && (i < lastWithTx || purchase.status === 'COMPLETED')) step.state = 'skipped';
  });

  if (purchase.status === 'PROCESSING' && !steps.some((s) => s.state === 'active' || s.state === 'failed')) {
    const next = steps.find((s) => s.state === 'waiting');
    if (next) next.state = 'active';
  }
  return steps;
}

/** The index of the step to highlight: the first one not finished (all finished: past the end). */
export function activeStepIndex(steps: readonly PurchaseStep[]): number {
  const at = steps.findIndex((s) => s.state !== 'done' && s.state !== 'skipped');
  return at < 0 ? steps.length : at;
}

/** SPEC.md section 4's outcomes of a purchase, and the two states before one. */
export type PurchaseOutcome = 'queued' | 'processing' | 'success' | 'failed' | 'canceled' | 'unknown';

/** Error codes that mean "we do not know what happened": the user should tell support. */
const UNKNOWN_CODES = new Set(['UNKNOWN_ERROR', 'INTERNAL_ERROR']);

export function purchaseOutcome(purchase: Pick<Purchase, 'status' | 'error'>): PurchaseOutcome {
  switch (purchase.status) {
    case 'QUEUED':
      return 'queued';
    case 'PROCESSING':
      return 'processing';
    case 'COMPLETED':
      return 'success';
    case 'CANCELED':
      return 'canceled';
    case 'FAILED':
      return purchase.error && UNKNOWN_CODES.has(purchase.error) ? 'unknown' : 'failed';
  }
}

/** A failed buy request whose effect is unknown (a crash on the server), as opposed to a refusal. */
export function isUnknownFailure(error: { status?: number; code?: string } | null | undefined): boolean {
  if (!error || typeof error.status !== 'number') return true;
  return (
    UNKNOWN_CODES.has(error.code ?? '') ||
    (error.status >= 500 && error.code !== 'CHAIN_UNAVAILABLE' && error.code !== 'SERVICE_UNAVAILABLE')
  );
}
