import type { NftLevelName } from '@app/shared/constants';

/** Highest level first: the badge people notice first. */
const ORDER: NftLevelName[] = ['ICON', 'PLATINUM', 'GOLD', 'SILVER'];
export const sortLevels = (levels: readonly NftLevelName[]) => ORDER.filter((level) => levels.includes(level));
