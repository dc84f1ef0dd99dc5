import { EMAIL_CODE_RESEND_SECONDS } from '@app/shared/constants';

/**
 * Registration mails the confirmation code, and its screen counts down to when another may be
 * asked for. A registration on a prerendered screen reaches that screen with a page load, which
 * carries no navigation state: the moment is kept for the tab instead. (Not in lib/storage's
 * keys: those are in every public page's entry, and only this feature reads this one.)
 */
const KEY = 'code_sent_at';

export function markCodeSent(now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // Storage unavailable: the screen then offers a new code at once, and the server says to wait.
  }
}

/** Seconds until another code may be asked for, from the mark (0 without one). */
export function resendWaitFromMark(now = Date.now()): number {
  let at: number;
  try {
    at = Number(sessionStorage.getItem(KEY));
  } catch {
    return 0;
  }
  if (!at) return 0;
  return Math.max(0, Math.ceil(EMAIL_CODE_RESEND_SECONDS - (now - at) / 1000));
}
