import { and, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CompanyAdditionReason, CompanyCard, CompanyValues, MyCompany } from '@app/shared/schemas/business';
import type { FieldError } from '@app/shared/errors';
import { englishText } from '@app/shared/locales/english-text';
import { MSG } from '@app/shared/validation/messages';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import { one } from '../../db/rows';
import { companies, media } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { photosOf, toCard, type CompanyRow } from './representations';
import type { PromotionService } from './promotion-service';

/** "Company addition error" (SPEC.md section 8) with the reason the form shows beside it. */
export function additionRefused(reason: CompanyAdditionReason, fields?: FieldError[]): AppError {
  return new AppError('COMPANY_ADDITION_ERROR', { details: { reason }, ...(fields && { fields }) });
}

const invalidField = (path: string): FieldError => ({
  path,
  key: MSG.invalidValue,
  message: englishText(MSG.invalidValue),
});

export interface CompanyServiceDeps {
  db: Db;
  promotions: PromotionService;
  /** Marks a logo or photo the company no longer uses deleted and removes its files (media module). */
  discardPhoto(mediaId: number): Promise<void>;
}

/**
 * The images a company names must be its owner's live `channel_photos` uploads, not attached to
 * another company; the logo is never also one of the photos.
 */
async function checkImages(tx: Tx, ownerId: number, values: CompanyValues, companyId: number | null) {
  const ids = [...new Set([...(values.logoId ? [values.logoId] : []), ...values.photoIds])];
  if (values.logoId && values.photoIds.includes(values.logoId)) return invalidField('photoIds');
  if (!ids.length) return null;
  const found = await tx
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        inArray(media.id, ids),
        eq(media.userId, ownerId),
        eq(media.album, 'channel_photos'),
        isNull(media.deletedAt),
        companyId === null ? isNull(media.targetId) : or(isNull(media.targetId), eq(media.targetId, companyId)),
      ),
    );
  const ok = new Set(found.map((r) => r.id));
  if (values.logoId && !ok.has(values.logoId)) return invalidField('logoId');
  if (values.photoIds.some((id) => !ok.has(id))) return invalidField('photoIds');
  return null;
}

const fieldsOf = (values: CompanyValues) => ({
  name: values.name,
  category: values.category,
  website: values.website ?? null,
  description: values.description,
  logoId: values.logoId ?? null,
  lat: values.place?.lat ?? null,
  lng: values.place?.lng ?? null,
});

async function nameTaken(db: Db | Tx, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(sql`lower(${companies.name}) = lower(${name})`, exceptId === null ? undefined : ne(companies.id, exceptId)),
    )
    .limit(1);
  return Boolean(row);
}

export function createCompanyService(deps: CompanyServiceDeps) {
  const { db } = deps;

  async function describe(row: CompanyRow): Promise<CompanyCard> {
    return toCard(row, (await photosOf(db, [row.id])).get(row.id) ?? []);
  }

  async function ownedBy(ownerId: number): Promise<CompanyRow | undefined> {
    const [row] = await db.select().from(companies).where(eq(companies.ownerId, ownerId));
    return row;
  }

  async function attachPhotos(tx: Tx, companyId: number, photoIds: number[]) {
    if (photoIds.length) await tx.update(media).set({ targetId: companyId }).where(inArray(media.id, photoIds));
  }

  return {
    async mine(ownerId: number): Promise<MyCompany> {
      const row = await ownedBy(ownerId);
      return {
        company: row ? { ...(await describe(row)), createdAt: row.createdAt.toISOString() } : null,
        promotions: await deps.promotions.historyOf(ownerId),
      };
    },

    async card(id: number): Promise<CompanyCard> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      if (!row) throw new AppError('NOT_FOUND');
      return describe(row);
    },

    /** Adds the person's company; every refusal is "Company addition error" with its reason. */
    async add(ownerId: number, values: CompanyValues): Promise<MyCompany> {
      if (await ownedBy(ownerId)) throw additionRefused('already_has_company');
      if (await nameTaken(db, values.name, null)) throw additionRefused('name_taken');
      try {
        await db.transaction(async (tx) => {
          const bad = await checkImages(tx, ownerId, values, null);
          if (bad) throw additionRefused('invalid_photo', [bad]);
          const row = one(
            await tx
              .insert(companies)
              .values({ ownerId, ...fieldsOf(values) })
              .returning(),
          );
          await attachPhotos(tx, row.id, values.photoIds);
        });
      } catch (error) {
        // Two additions at once: the unique indexes decide, and the loser hears why.
        if (isUniqueViolation(error, 'companies_owner_unique')) throw additionRefused('already_has_company');
        if (isUniqueViolation(error, 'companies_name_unique')) throw additionRefused('name_taken');
        throw error;
      }
      return this.mine(ownerId);
    },

    async edit(ownerId: number, values: CompanyValues): Promise<MyCompany> {
      if (await nameTaken(db, values.name, (await ownedBy(ownerId))?.id ?? null))
        throw new AppError('COMPANY_NAME_TAKEN');
      let unused: number[];
      try {
        unused = await db.transaction(async (tx) => {
          const [row] = await tx.select().from(companies).where(eq(companies.ownerId, ownerId)).for('update');
          if (!row) throw new AppError('COMPANY_NOT_FOUND');
          const bad = await checkImages(tx, ownerId, values, row.id);
          if (bad) throw new AppError('VALIDATION_ERROR', { fields: [bad] });
          await tx
            .update(companies)
            .set({ ...fieldsOf(values), updatedAt: new Date() })
            .where(eq(companies.id, row.id));
          const dropped = await tx
            .update(media)
            .set({ targetId: null })
            .where(
              and(
                eq(media.album, 'channel_photos'),
                eq(media.targetId, row.id),
                values.photoIds.length ? notInArray(media.id, values.photoIds) : undefined,
              ),
            )
            .returning({ id: media.id });
          await attachPhotos(tx, row.id, values.photoIds);
          const oldLogo = row.logoId && row.logoId !== values.logoId ? [row.logoId] : [];
          return [...dropped.map((d) => d.id), ...oldLogo];
        });
      } catch (error) {
        if (isUniqueViolation(error, 'companies_name_unique')) throw new AppError('COMPANY_NAME_TAKEN');
        throw error;
      }
      await Promise.all(unused.map((id) => deps.discardPhoto(id)));
      return this.mine(ownerId);
    },

    /**
     * Removes the company (the account stops being a Business account). Its promotions stay as
     * history: the running one ends now, one not yet started is refunded (decision 031).
     */
    async remove(ownerId: number): Promise<void> {
      const images = await deps.promotions.withWallet(ownerId, async (tx) => {
        const [row] = await tx.select().from(companies).where(eq(companies.ownerId, ownerId)).for('update');
        if (!row) throw new AppError('COMPANY_NOT_FOUND');
        await deps.promotions.endForRemoval(tx, row);
        const photos = await tx
          .select({ id: media.id })
          .from(media)
          .where(and(eq(media.album, 'channel_photos'), eq(media.targetId, row.id), isNull(media.deletedAt)));
        await tx.delete(companies).where(eq(companies.id, row.id));
        return [...(row.logoId ? [row.logoId] : []), ...photos.map((p) => p.id)];
      });
      await Promise.all(images.map((id) => deps.discardPhoto(id)));
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
