import { describe, expect, it } from 'vitest';
import { codeFromScan, isCompleteCode, normalizeCodeInput } from './meeting-code';

describe('the typed code', () => {
  it('is upper-cased and keeps only the alphabet, at most six characters', () => {
    expect(normalizeCodeInput('ab3k7q')).toBe('AB3K7Q');
    expect(normalizeCodeInput(' ab3-k7q ')).toBe('AB3K7Q');
    expect(normalizeCodeInput('AB3K7QXYZ')).toBe('AB3K7Q');
    // 0, 1, I, L and O are not in the alphabet: they never get in.
    expect(normalizeCodeInput('0O1IL2')).toBe('2');
    expect(normalizeCodeInput('абв')).toBe('');
  });

  it('is complete at exactly six alphabet characters', () => {
    expect(isCompleteCode('AB3K7Q')).toBe(true);
    expect(isCompleteCode('AB3K7')).toBe(false);
    expect(isCompleteCode('AB3K7O')).toBe(false);
  });
});

describe('a scanned QR text', () => {
  it('is read as the bare code, a link with ?code= or a text holding the code', () => {
    expect(codeFromScan('AB3K7Q')).toBe('AB3K7Q');
    expect(codeFromScan(' ab3k7q\n')).toBe('AB3K7Q');
    expect(codeFromScan('https://meetnearby.app/meet/12?code=AB3K7Q')).toBe('AB3K7Q');
    expect(codeFromScan('meetnearby:meeting:12:AB3K7Q')).toBe('AB3K7Q');
  });

  it('gives nothing for a QR code that holds no meeting code', () => {
    expect(codeFromScan('https://example.com/')).toBeNull();
    expect(codeFromScan('hello')).toBeNull();
    expect(codeFromScan('ABCDEFGH')).toBeNull();
  });
});
