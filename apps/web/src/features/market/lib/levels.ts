import type { NftLevelName } from '@app/shared/constants';

/** The accent of each token level (the home page's level cards use the same tones). */
export const LEVEL_ACCENT: Record<NftLevelName, string> = {
  SILVER: '#c0c7d2',
  GOLD: '#f2c14e',
  PLATINUM: '#9fd3ff',
  ICON: '#d39bff',
};
