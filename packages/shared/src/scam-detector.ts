import { english } from 'viem/accounts';

/**
 * The chat's scam warning (PRODUCT.md "Messaging"): a message that carries a wallet address, a
 * seed phrase or a way to continue the talk outside the app shows its receiver a warning. The
 * server stores the flags with the message; the web app may run the same check while typing.
 *
 * Patterns, not proofs: they aim at what scammers paste, and stay quiet on ordinary text with an
 * '@', a price or a date.
 */

export const SCAM_WARNINGS = ['wallet-address', 'seed-phrase', 'messenger'] as const;
export type ScamWarning = (typeof SCAM_WARNINGS)[number];

// --- Wallet addresses ------------------------------------------------------------------------------

/** Letters or digits must not touch a match, so a longer token is not read as an address. */
const EVM_ADDRESS = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/;
/** Base58 (no 0, O, I, l): BTC legacy (1..., 3...) and TRON (T + 33). */
const BTC_LEGACY = /(?<![0-9A-Za-z])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![0-9A-Za-z])/g;
const TRON = /(?<![0-9A-Za-z])T[1-9A-HJ-NP-Za-km-z]{33}(?![0-9A-Za-z])/g;
/** BTC SegWit / Taproot (bech32): bc1 and the bech32 alphabet (no 1, b, i, o), one case. */
const BTC_BECH32 = /(?<![0-9A-Za-z])(?:bc1[02-9ac-hj-np-z]{25,87}|BC1[02-9AC-HJ-NP-Z]{25,87})(?![0-9A-Za-z])/;

/** A real base58 address mixes letters and digits; a run of ones or a long word does not. */
const mixed = (token: string) => /\d/.test(token.slice(1)) && /[A-Za-z]/.test(token.slice(1));

function hasWalletAddress(text: string): boolean {
  if (EVM_ADDRESS.test(text) || BTC_BECH32.test(text)) return true;
  return [...text.matchAll(BTC_LEGACY), ...text.matchAll(TRON)].some((m) => mixed(m[0]));
}

// --- Seed phrases ----------------------------------------------------------------------------------

const BIP39_WORDS = new Set<string>(english);
/** Numbering, punctuation and spaces between the words of a pasted phrase ("1. abandon 2. ability"). */
const SEED_SEPARATORS = /[\s\d.,;:()[\]{}|/\\"'`*#\-–—]+/;
const SEED_MIN_WORDS = 12;

/** 12 (or 24, or any run of at least 12) lowercase words of the BIP-39 English list in a row. */
function hasSeedPhrase(text: string): boolean {
  let run = 0;
  for (const token of text.split(SEED_SEPARATORS)) {
    if (!token) continue;
    run = BIP39_WORDS.has(token) ? run + 1 : 0;
    if (run >= SEED_MIN_WORDS) return true;
  }
  return false;
}

// --- Outside messengers ----------------------------------------------------------------------------

/** Links that open a chat elsewhere: t.me/name, wa.me/number, signal.me/#..., and the like. */
const MESSENGER_LINK =
  /(?<![\w.-])(?:t\.me|telegram\.(?:me|dog)|wa\.me|signal\.me|chat\.whatsapp\.com|api\.whatsapp\.com|viber\.click|tg:\/\/resolve)(?:\/|\?)\S*/i;
/** A handle: '@' not preceded by a word character (so never an e-mail), 4 to 32 characters. */
const HANDLE = /(?<![\w.@])@[A-Za-z][A-Za-z0-9_]{3,31}(?![\w@])/;
/** The names people use for the messengers, in English and Russian. */
const MESSENGER_WORD =
  /(?<![\p{L}\d])(?:telegram|telega|tg|whats\s?app|wa|signal|viber|телеграм\p{L}*|телег\p{L}*|тг|ватсап\p{L}*|вотсап\p{L}*|вацап\p{L}*|вайбер\p{L}*|сигнал\p{L}*)(?![\p{L}\d])/iu;
/**
 * Digits with at most two separators between them ("+7 (912) 345-67-89"). The match must take the
 * whole number-like run: nothing number-like may touch it on either side.
 */
const PHONE = /(?<![\w+]|\d[\s().-]{1,2})\+?\d(?:[\s().-]{0,2}\d){7,14}(?![\w]|[\s().-]{1,2}\d)/g;
/** 1 000 000 or 1,000,000.50: an amount, not a phone number. */
const THOUSANDS = /^\d{1,3}(?:[ ,.]\d{3})+$/;

function hasPhoneNumber(text: string): boolean {
  for (const [match] of text.matchAll(PHONE)) {
    const digits = match.replace(/\D/g, '').length;
    const international = match.startsWith('+');
    if (digits > 15 || digits < (international ? 8 : 10)) continue;
    if (!international && THOUSANDS.test(match)) continue;
    return true;
  }
  return false;
}

function hasMessenger(text: string): boolean {
  if (MESSENGER_LINK.test(text) || hasPhoneNumber(text)) return true;
  // '@anna' alone is a mention; with "telegram" or "tg" beside it, it is an outside contact.
  return HANDLE.test(text) && MESSENGER_WORD.test(text);
}

/** The warnings a message earns, in the order of SCAM_WARNINGS; empty for ordinary text. */
export function detectScam(text: string): ScamWarning[] {
  const found: ScamWarning[] = [];
  if (hasWalletAddress(text)) found.push('wallet-address');
  if (hasSeedPhrase(text)) found.push('seed-phrase');
  if (hasMessenger(text)) found.push('messenger');
  return found;
}
