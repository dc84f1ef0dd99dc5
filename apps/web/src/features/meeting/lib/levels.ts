import type { NftLevelName } from '@app/shared/constants';

/** The accent of each token level (the same tones as the market's and the home page's). */
export const LEVEL_ACCENT: Record<NftLevelName, string> = {
  SILVER: '#c0c7d2',
  GOLD: '#f2c14e',
  PLATINUM: '#9fd3ff',
  ICON: '#d39bff',
};
