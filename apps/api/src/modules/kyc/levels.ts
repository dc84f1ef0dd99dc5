import { NFT_LEVELS, NFT_TYPE } from '@app/shared/constants';
import type { KycLevel } from '@app/shared/schemas/kyc';

export const typeOfLevel = (level: KycLevel): number => NFT_TYPE[level];
export const levelOfType = (type: number): KycLevel => NFT_LEVELS[type] as KycLevel;
export const levelOrNull = (type: number | null): KycLevel | null => (type === null ? null : levelOfType(type));
