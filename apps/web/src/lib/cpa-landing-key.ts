import type { CpaLanding } from '@app/shared/schemas/cpa';

/** The locale key of a landing: its path is not a usable key. */
export const landingKey = (landing: CpaLanding): 'home' | 'meet' | 'earn' =>
  landing === '/l/meet' ? 'meet' : landing === '/l/earn' ? 'earn' : 'home';
