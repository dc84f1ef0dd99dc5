/**
 * Staff calls that need a (fresh) authenticator code answer STAFF_SECOND_FACTOR_STALE or
 * _REQUIRED. While the admin area is open it registers a prompt here; api() then asks for the
 * code once and repeats the call, so no screen has to handle those answers itself (decision 029).
 */
export type StaffCodeReason = 'STAFF_SECOND_FACTOR_STALE' | 'STAFF_SECOND_FACTOR_REQUIRED';

const REASONS: readonly string[] = ['STAFF_SECOND_FACTOR_STALE', 'STAFF_SECOND_FACTOR_REQUIRED'];

let prompt: ((reason: StaffCodeReason) => Promise<boolean>) | null = null;
// Calls refused together share one dialog.
let pending: Promise<boolean> | null = null;

export function setStaffCodePrompt(next: typeof prompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Whether the person gave a code for `errorCode` (then the call is worth repeating). */
export async function staffCodeGiven(errorCode: string): Promise<boolean> {
  if (!prompt || !REASONS.includes(errorCode)) return false;
  pending ??= prompt(errorCode as StaffCodeReason).finally(() => {
    pending = null;
  });
  return pending;
}
