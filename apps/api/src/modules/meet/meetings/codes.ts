import crypto from 'node:crypto';
import { MEETING_CODE_ALPHABET, MEETING_CODE_LENGTH, MEETING_CODE_ROTATION_SECONDS } from '@app/shared/schemas/meet';
import { pairOf } from './pair';

/**
 * The rotating code each user shows for the other to scan (or type): an HMAC of the pair, the
 * user and the current time window under a server key. Nobody can make one without the key, a
 * code only works for this pair and this user, and a screenshot is useless a minute later.
 */

const WINDOW_MS = MEETING_CODE_ROTATION_SECONDS * 1000;
const ALPHABET_SIZE = BigInt(MEETING_CODE_ALPHABET.length);

export interface MeetingCode {
  code: string;
  /** What the QR code encodes: a link to the scanner's meeting screen with this user and the code. */
  qr: string;
  expiresAt: string;
}

export interface MeetingCodes {
  /** The code `userId` shows to `peerId` at `now`. */
  current(userId: number, peerId: number, now: number): MeetingCode;
  /**
   * Whether `code` is the one `ownerId` showed to `scannerId` in this window or the previous one
   * (a code scanned just before it rotated must still work).
   */
  verify(ownerId: number, scannerId: number, code: string, now: number): boolean;
}

export function createMeetingCodes(secret: string, publicUrl: string): MeetingCodes {
  // A key of its own, so a code never reveals anything about the JWT secret it derives from.
  const key = crypto.createHmac('sha256', secret).update('meeting-codes/v1').digest();
  const base = publicUrl.replace(/\/+$/, '');

  function codeAt(ownerId: number, peerId: number, window: number): string {
    const pair = pairOf(ownerId, peerId);
    const digest = crypto.createHmac('sha256', key).update(`${pair.low}:${pair.high}:${ownerId}:${window}`).digest();
    // 64 bits spread over 6 letters of 31: the modulo bias is below 2^-30.
    let n = digest.readBigUInt64BE(0);
    let code = '';
    for (let i = 0; i < MEETING_CODE_LENGTH; i++) {
      code += MEETING_CODE_ALPHABET[Number(n % ALPHABET_SIZE)];
      n /= ALPHABET_SIZE;
    }
    return code;
  }

  return {
    current(userId, peerId, now) {
      const window = Math.floor(now / WINDOW_MS);
      const code = codeAt(userId, peerId, window);
      return {
        code,
        qr: `${base}/meet/${userId}?code=${code}`,
        expiresAt: new Date((window + 1) * WINDOW_MS).toISOString(),
      };
    },
    verify(ownerId, scannerId, code, now) {
      const window = Math.floor(now / WINDOW_MS);
      const given = Buffer.from(code.toUpperCase());
      return [window, window - 1].some((w) => {
        const expected = Buffer.from(codeAt(ownerId, scannerId, w));
        return expected.length === given.length && crypto.timingSafeEqual(expected, given);
      });
    },
  };
}
