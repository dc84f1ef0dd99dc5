import type { TFunction } from 'i18next';
import { NFT_LEVELS } from '@app/shared/constants';
import type { MintRequirement, MintRequirementKey } from '@app/shared/schemas/meet';

/**
 * The locale key of a requirement's reason. The API names it `meeting.requirements.<key>.<reason>`
 * (the whole key); a bare `<reason>` is read too. The key lives in this namespace.
 */
export function reasonKey(requirement: MintRequirement): string | null {
  const { reason, key } = requirement;
  if (!reason) return null;
  if (reason.startsWith('meeting.')) return reason.slice('meeting.'.length);
  if (reason.startsWith('meeting:')) return reason.slice('meeting:'.length);
  if (reason.startsWith('requirements.')) return reason;
  return `requirements.${key}.${reason}`;
}

/** The last part of a reason ("you", "peer", "minted"), for choosing what to offer next to it. */
export const reasonName = (requirement: MintRequirement) => requirement.reason?.split('.').at(-1) ?? null;

/** Which counted values of a reason are hours and which are minutes, to say them in words. */
const UNITS: Partial<Record<MintRequirementKey, Record<string, 'hours' | 'minutes'>>> = {
  met: { minutes: 'minutes', required: 'minutes' },
  heldLongEnough: { hours: 'hours', required: 'hours' },
  notRestricted: { hours: 'hours' },
};

const LEVELS = new Set<string>(NFT_LEVELS);

/** "SILVER" -> "Silver"; "SILVER, GOLD" -> "Silver, Gold"; anything else as it is. */
function levelText(t: TFunction, value: string): string | null {
  const parts = value.split(/,\s*/);
  if (!parts.every((part) => LEVELS.has(part))) return null;
  return parts.map((part) => t(`common:levels.${part}`)).join(', ');
}

/**
 * A reason's values as its text shows them: levels by name ("Silver", "Серебро"), and each count
 * of hours or minutes also in words, pluralised, under `<name>Text` ("3 hours", "3 часа").
 */
export function reasonValues(
  t: TFunction,
  requirement: Pick<MintRequirement, 'key' | 'values'>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const units = UNITS[requirement.key] ?? {};
  for (const [name, value] of Object.entries(requirement.values ?? {})) {
    out[name] = typeof value === 'string' ? (levelText(t, value) ?? value) : value;
    const unit = units[name];
    if (unit && typeof value === 'number') out[`${name}Text`] = t(`common:units.${unit}`, { count: value });
  }
  return out;
}
