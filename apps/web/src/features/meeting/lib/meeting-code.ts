import { MEETING_CODE_ALPHABET, MEETING_CODE_LENGTH } from '@app/shared/schemas/meet';

const ALLOWED = new Set(MEETING_CODE_ALPHABET);
const WHOLE_CODE = new RegExp(`^[${MEETING_CODE_ALPHABET}]{${MEETING_CODE_LENGTH}}$`);
const CODE_IN_TEXT = new RegExp(
  `(?:^|[^0-9A-Z])([${MEETING_CODE_ALPHABET}]{${MEETING_CODE_LENGTH}})(?=$|[^0-9A-Z])`,
  'g',
);

/**
 * What the code field keeps of what was typed or pasted: upper case, only the alphabet's
 * characters (spaces and dashes of a pasted "AB3-K7Q" go), at most MEETING_CODE_LENGTH of them.
 */
export function normalizeCodeInput(text: string): string {
  let out = '';
  for (const ch of text.toUpperCase()) {
    if (ALLOWED.has(ch)) out += ch;
    if (out.length === MEETING_CODE_LENGTH) break;
  }
  return out;
}

export const isCompleteCode = (code: string) => WHOLE_CODE.test(code);

/**
 * The code in a scanned QR text. The server chooses what the QR encodes (the view's `myCode.qr`):
 * the bare code, a link with `?code=`, or a text with the code in it are all read, so the screen
 * keeps working whichever it is.
 */
export function codeFromScan(text: string): string | null {
  const trimmed = text.trim();
  const upper = trimmed.toUpperCase();
  if (WHOLE_CODE.test(upper)) return upper;
  try {
    const url = new URL(trimmed);
    const param = url.searchParams.get('code')?.toUpperCase();
    if (param && WHOLE_CODE.test(param)) return param;
  } catch {
    // Not a link: look for the code in the text.
  }
  const matches = [...upper.matchAll(CODE_IN_TEXT)].map((m) => m[1]!);
  return matches.at(-1) ?? null;
}
