/** Section order of each legal document; each id is also its anchor (/terms#wallet). */
export const TERMS_SECTIONS = [
  'acceptance',
  'eligibility',
  'accounts',
  'meetings',
  'tokens',
  'wallet',
  'kyc',
  'rewards',
  'fair-play',
  'consents',
  'risks',
  'liability',
  'termination',
  'changes',
  'contact',
] as const;

export const PRIVACY_SECTIONS = [
  'scope',
  'data-we-keep',
  'location',
  'why',
  'kyc',
  'blockchain',
  'sharing',
  'cookies',
  'retention',
  'rights',
  'security',
  'changes',
  'contact',
] as const;

export const RISK_SECTIONS = [
  'volatility',
  'no-advice',
  'no-guarantee',
  'technology',
  'regions',
  'taxes',
  'adults',
] as const;
