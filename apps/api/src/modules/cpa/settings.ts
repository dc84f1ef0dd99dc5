import { eq } from 'drizzle-orm';
import type { CpaAction, CpaSettings, CpaSettingsUpdate } from '@app/shared/schemas/cpa-programme';
import type { Db, Tx } from '../../db/client';
import { cpaSettings } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { fromWei, toWei } from '../../lib/wei';

/** The programme's rules in the units the services use: payouts in wei, periods in hours. */
export interface ProgrammeSettings {
  payouts: Record<CpaAction, bigint>;
  windowHours: number;
  holdHours: number;
}

/** Until an admin saves settings: PRODUCT.md's reward actions with modest payouts, SPEC.md's 720 h window. */
export const DEFAULT_SETTINGS: ProgrammeSettings = {
  payouts: { purchase: toWei('5'), first_meet: toWei('1'), fill_profile: toWei('0.2') },
  windowHours: 720,
  holdHours: 72,
};

export async function readSettings(db: Db | Tx): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(cpaSettings).where(eq(cpaSettings.id, 1));
  if (!row) return DEFAULT_SETTINGS;
  return {
    payouts: {
      purchase: BigInt(row.payoutPurchase),
      first_meet: BigInt(row.payoutFirstMeet),
      fill_profile: BigInt(row.payoutFillProfile),
    },
    windowHours: row.windowHours,
    holdHours: row.holdHours,
  };
}

export const presentSettings = (s: ProgrammeSettings): CpaSettings => ({
  payouts: {
    purchase: fromWei(s.payouts.purchase),
    first_meet: fromWei(s.payouts.first_meet),
    fill_profile: fromWei(s.payouts.fill_profile),
  },
  currency: 'USDT',
  windowHours: s.windowHours,
  holdHours: s.holdHours,
});

/** An admin's change: it applies to conversions recorded from now on, and is audit-logged. */
export async function saveSettings(db: Db, actor: AuditActor, input: CpaSettingsUpdate): Promise<ProgrammeSettings> {
  const values = {
    payoutPurchase: toWei(input.payouts.purchase).toString(),
    payoutFirstMeet: toWei(input.payouts.first_meet).toString(),
    payoutFillProfile: toWei(input.payouts.fill_profile).toString(),
    windowHours: input.windowHours,
    holdHours: input.holdHours,
    updatedAt: new Date(),
    updatedBy: actor.actorId,
  };
  await db.transaction(async (tx) => {
    const before = presentSettings(await readSettings(tx));
    await tx
      .insert(cpaSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: cpaSettings.id, set: values });
    await recordAudit(tx, {
      ...actor,
      action: 'cpa.settings.update',
      targetType: 'cpa_settings',
      targetId: 1,
      before,
      after: input,
    });
  });
  return readSettings(db);
}
