import { describe, expect, it } from 'vitest';
import { kycDecisionRequestSchema } from '@app/shared/schemas/kyc';
import { actionsFor, decisionRequest, needsSecondStaff } from './decision';

describe('moderation decisions', () => {
  it('offers approval only on a request, and revocation only on an approval', () => {
    expect(actionsFor('requested')).toEqual(['approve', 'reject', 'forever']);
    expect(actionsFor('approved')).toEqual(['revoke', 'forever']);
    expect(actionsFor('rejected')).toEqual(['forever']);
    expect(actionsFor('draft')).toEqual([]);
    expect(actionsFor('rejected_forever')).toEqual([]);
  });

  it('asks a second staff member for a final rejection and a revocation only', () => {
    expect(['approve', 'reject', 'forever', 'revoke'].filter((a) => needsSecondStaff(a as never))).toEqual([
      'forever',
      'revoke',
    ]);
  });

  it('builds bodies the contract accepts: a level with an approval, a reason with a rejection', () => {
    const approve = decisionRequest('approve', {
      level: 'GOLD',
      reason: 'other',
      comment: ' Welcome ',
      note: '',
      version: 3,
    });
    expect(approve).toEqual({ status: 'approved', version: 3, maxNftType: 'GOLD', moderatorComment: 'Welcome' });
    expect(kycDecisionRequestSchema.safeParse(approve).success).toBe(true);

    const revoke = decisionRequest('revoke', {
      level: 'GOLD',
      reason: 'suspected_fraud',
      comment: '',
      note: 'Second check',
      version: 4,
    });
    expect(revoke).toEqual({
      status: 'rejected',
      version: 4,
      reasonCode: 'suspected_fraud',
      internalNote: 'Second check',
    });
    expect(kycDecisionRequestSchema.safeParse(revoke).success).toBe(true);

    expect(
      decisionRequest('forever', { level: 'GOLD', reason: 'underage', comment: '', note: '', version: 1 }).status,
    ).toBe('rejected_forever');
  });
});
