import type { KycDecisionRequest, KycLevel, KycReason, KycStatus } from '@app/shared/schemas/kyc';

/** What a moderator may do; `revoke` is a rejection of an approved application. */
export type DecisionAction = 'approve' | 'reject' | 'forever' | 'revoke';

/** The decisions open from each status, the likeliest first. */
export function actionsFor(status: KycStatus): DecisionAction[] {
  switch (status) {
    case 'requested':
      return ['approve', 'reject', 'forever'];
    case 'approved':
      return ['revoke', 'forever'];
    case 'rejected':
      return ['forever'];
    default:
      return [];
  }
}

/** A final rejection and a revocation take effect only once a second staff member confirms them. */
export const needsSecondStaff = (action: DecisionAction) => action === 'forever' || action === 'revoke';

const STATUS: Record<DecisionAction, KycDecisionRequest['status']> = {
  approve: 'approved',
  reject: 'rejected',
  forever: 'rejected_forever',
  revoke: 'rejected',
};

/** The PATCH body: a level only with an approval, a reason only with a rejection, empty texts left out. */
export function decisionRequest(
  action: DecisionAction,
  input: { level: KycLevel; reason?: KycReason; comment: string; note: string; version: number },
): KycDecisionRequest {
  const comment = input.comment.trim();
  const note = input.note.trim();
  return {
    status: STATUS[action],
    version: input.version,
    ...(action === 'approve' ? { maxNftType: input.level } : { reasonCode: input.reason }),
    ...(comment && { moderatorComment: comment }),
    ...(note && { internalNote: note }),
  };
}
