/**
 * The 17 questions of the FAQ (SPEC.md section 1), in reading order. Each id is the question's
 * anchor (/help/faq#kyc), so an id is a public link: rename one only with a redirect in mind.
 */
export const FAQ_QUESTIONS = [
  'what-is-meet-nearby',
  'who-can-join',
  'do-i-need-the-app',
  'raise-hand',
  'location-privacy',
  'what-counts-as-meeting',
  'token-levels',
  'buying-and-queue',
  'minting',
  'mint-chance',
  'same-pair',
  'parent-rewards',
  'kyc',
  'device-protection',
  'gas-and-bnb',
  'referrals',
  'contact-support',
] as const;

export type FaqQuestion = (typeof FAQ_QUESTIONS)[number];

export const isFaqQuestion = (value: string): value is FaqQuestion =>
  (FAQ_QUESTIONS as readonly string[]).includes(value);
