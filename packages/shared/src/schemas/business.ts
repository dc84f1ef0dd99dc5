import { z } from 'zod';
import { MSG } from '../validation/messages';
import { maxLengthMessage, requiredText } from '../validation/rules';
import { amountSchema } from './crypto';
import { mediaIdSchema } from './media';
import { NEARBY_MAX_RADIUS_METERS } from './meet';
import { COMPANY_CATEGORIES, PROMOTION_DAYS } from './business-categories';

export { COMPANY_CATEGORIES, PROMOTION_DAYS, type CompanyCategory, type PromotionDays } from './business-categories';

/** Request and response shapes of /api/business (PRODUCT.md "My business"). */

export const COMPANY_NAME_MAX = 80;
export const COMPANY_DESCRIPTION_MAX = 1000;
export const COMPANY_WEBSITE_MAX = 300;
/** Photos a company shows besides its logo (its `channel_photos` album). */
export const COMPANY_PHOTOS_MAX = 6;

/** Why "Company addition error" refused an addition (details.reason); each is a translated sentence. */
export const COMPANY_ADDITION_REASONS = [
  'already_has_company',
  'name_taken',
  'invalid_website',
  'invalid_fields',
  'invalid_photo',
] as const;
export type CompanyAdditionReason = (typeof COMPANY_ADDITION_REASONS)[number];

const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A company's site: an http(s) address with a host that has a dot (example.com), as people type it. */
export const websiteSchema = z
  .string({ error: MSG.invalidUrl })
  .trim()
  .max(COMPANY_WEBSITE_MAX, { error: maxLengthMessage(COMPANY_WEBSITE_MAX) })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
      } catch {
        return false;
      }
    },
    { error: MSG.invalidUrl },
  );

const latitude = z
  .number({ error: MSG.invalidValue })
  .min(-90, { error: MSG.invalidValue })
  .max(90, { error: MSG.invalidValue });
const longitude = z
  .number({ error: MSG.invalidValue })
  .min(-180, { error: MSG.invalidValue })
  .max(180, { error: MSG.invalidValue });
export const placeSchema = z.object({ lat: latitude, lng: longitude });
export type Place = z.infer<typeof placeSchema>;

/** POST (add) and PUT (edit) /api/business/company: the whole company; photos are `channel_photos` media of the owner. */
export const companyInputSchema = z.object({
  name: requiredText(COMPANY_NAME_MAX),
  category: z.enum(COMPANY_CATEGORIES, { error: MSG.required }),
  website: z.preprocess(emptyAsNull, websiteSchema.nullable().optional()),
  description: z
    .string()
    .trim()
    .max(COMPANY_DESCRIPTION_MAX, { error: maxLengthMessage(COMPANY_DESCRIPTION_MAX) })
    .default(''),
  logoId: mediaIdSchema.nullable().optional(),
  photoIds: z
    .array(mediaIdSchema)
    .max(COMPANY_PHOTOS_MAX, { error: maxLengthMessage(COMPANY_PHOTOS_MAX) })
    .default([]),
  place: placeSchema.nullable().optional(),
});
/** What the form sends (preprocessing hides it from z.input). */
export interface CompanyInput {
  name: string;
  category: (typeof COMPANY_CATEGORIES)[number];
  website?: string | null;
  description?: string;
  logoId?: number | null;
  photoIds?: number[];
  place?: Place | null;
}
export type CompanyValues = z.output<typeof companyInputSchema>;

export const companyImageSchema = z.object({ id: z.number().int(), url: z.string() });
export type CompanyImage = z.infer<typeof companyImageSchema>;

/** The public card: what the map's promoted pin opens. */
export const companyCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(COMPANY_CATEGORIES),
  website: z.string().nullable(),
  description: z.string(),
  logo: companyImageSchema.nullable(),
  photos: z.array(companyImageSchema),
  place: placeSchema.nullable(),
});
export type CompanyCard = z.infer<typeof companyCardSchema>;

export const PROMOTION_STATUSES = ['scheduled', 'active', 'ended', 'refunded'] as const;
export const promotionSchema = z.object({
  id: z.number().int(),
  days: z.number().int(),
  price: amountSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(PROMOTION_STATUSES),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** GET /api/business/company: the owner's company (null before one is added) and its promotions. */
export const myCompanySchema = z.object({
  company: companyCardSchema.extend({ createdAt: z.string() }).nullable(),
  /** The promotion running now (or the next one, once it starts), newest purchase last. */
  promotions: z.array(promotionSchema),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/** GET /api/business/promotion/offer: prices from configuration and what the wallet can spend. */
export const promotionOfferSchema = z.object({
  prices: z.array(z.object({ days: z.number().int(), price: amountSchema })),
  available: amountSchema,
});
export type PromotionOffer = z.infer<typeof promotionOfferSchema>;

/** POST /api/business/promotion (Idempotency-Key header). */
export const promotionBuySchema = z.object({
  days: z.union(
    PROMOTION_DAYS.map((d) => z.literal(d)),
    { error: MSG.invalidValue },
  ),
});
export type PromotionBuy = z.infer<typeof promotionBuySchema>;

/** GET /api/business/promoted?lat&lng&radius: the promoted pins running now around a point. */
export const promotedQuerySchema = z.object({
  lat: z.coerce.number({ error: MSG.invalidValue }).min(-90).max(90),
  lng: z.coerce.number({ error: MSG.invalidValue }).min(-180).max(180),
  radius: z.coerce.number().int().min(100).max(NEARBY_MAX_RADIUS_METERS).default(NEARBY_MAX_RADIUS_METERS),
});
export const promotedPinSchema = z.object({
  promotionId: z.number().int(),
  endsAt: z.string(),
  company: companyCardSchema,
});
export type PromotedPin = z.infer<typeof promotedPinSchema>;
export const promotedListSchema = z.object({ items: z.array(promotedPinSchema) });
export type PromotedList = z.infer<typeof promotedListSchema>;

export const companyIdParamsSchema = z.object({ id: mediaIdSchema });
