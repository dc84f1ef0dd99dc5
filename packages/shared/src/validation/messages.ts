/**
 * Message keys of the validation rules. A rule's zod message is a key, optionally with values
 * in a query string (`msg.min-length?n=6`), so one string survives react-hook-form and the API's
 * VALIDATION_ERROR alike. The texts live in ../locales.
 */
export const MSG = {
  required: 'msg.required',
  invalidDate: 'msg.invalid-date',
  ageAdults: 'msg.age-adults',
  invalidEmail: 'msg.invalid-email',
  invalidUsername: 'msg.invalid-username',
  weakPassword: 'msg.weak-password',
  passwordMismatch: 'msg.password-mismatch',
  invalidPromocode: 'msg.invalid-promocode',
  incorrectAddress: 'msg.incorrect-address',
  chooseGender: 'msg.choose-gender',
  minLength: 'msg.min-length',
  maxLength: 'msg.max-length',
  insufficientFunds: 'msg.insufficient-funds',
  selectFile: 'msg.select-file',
  documentRequired: 'msg.document-required',
  kycRequired: 'msg.kyc-required',
  loginToBuy: 'msg.login-to-buy',
  consentRequired: 'msg.consent-required',
  invalidValue: 'msg.invalid-value',
  invalidCode: 'msg.invalid-code',
  invalidPhone: 'msg.invalid-phone',
  minAmount: 'msg.min-amount',
  invalidUrl: 'msg.invalid-url',
  unknownMacro: 'msg.unknown-macro',
} as const;

export type MessageKey = (typeof MSG)[keyof typeof MSG];

export function withValues(key: MessageKey, values: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]));
  return `${key}?${query.toString()}`;
}

/** Splits a rule message into its key and values; numeric values come back as numbers. */
export function parseMessage(message: string): { key: string; values: Record<string, string | number> } {
  const at = message.indexOf('?');
  if (at < 0) return { key: message, values: {} };
  const values: Record<string, string | number> = {};
  for (const [k, v] of new URLSearchParams(message.slice(at + 1))) {
    values[k] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  return { key: message.slice(0, at), values };
}
