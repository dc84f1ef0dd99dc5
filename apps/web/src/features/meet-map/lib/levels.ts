import type { NftLevelName } from '@app/shared/constants';

/** The accent of each token level's badge (the market's level cards use the same tones). */
export const LEVEL_ACCENT: Record<NftLevelName, string> = {
  SILVER: '#c0c7d2',
  GOLD: '#f2c14e',
  PLATINUM: '#9fd3ff',
  ICON: '#d39bff',
};

/** Highest level first: the badge people notice first. */
const ORDER: NftLevelName[] = ['ICON', 'PLATINUM', 'GOLD', 'SILVER'];
export const sortLevels = (levels: readonly NftLevelName[]) => ORDER.filter((level) => levels.includes(level));
