import { z } from 'zod';
import { MEDIA_ALBUMS } from '../constants';
import { MSG } from '../validation/messages';
import { kycPhotoStepSchema } from './kyc';

/** Request and response shapes of /api/media (SPEC.md section 7 "Media"). */

/** Every upload is stored as square WebP variants of these sides (pixels), never upscaled. */
export const IMAGE_SIZES = { small: 128, medium: 512, large: 1024 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as [ImageSize, ...ImageSize[]];
export const isImageSize = (value: string): value is ImageSize => Object.hasOwn(IMAGE_SIZES, value);

export type MediaAlbum = (typeof MEDIA_ALBUMS)[number];

/** Albums that take uploads today; KYC, channels and news open with their own features. */
export const OPEN_ALBUMS = ['profile_photos'] as const satisfies readonly MediaAlbum[];
export const openAlbumSchema = z.enum(OPEN_ALBUMS, { error: MSG.invalidValue });

/** A row id as PostgreSQL's `integer` holds it: larger numbers would fail in the database, not here. */
export const mediaIdSchema = z.coerce
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.invalidValue })
  .max(2_147_483_647, { error: MSG.invalidValue });

/**
 * Albums POST /api/media takes; `kyc` photos are private to the person and the staff reviewing
 * them; `news` is admins' only; `channel_photos` are a company's logo and photos (public, like its card).
 */
export const UPLOAD_ALBUMS = [
  'profile_photos',
  'kyc',
  'news',
  'channel_photos',
] as const satisfies readonly MediaAlbum[];

/** The text fields of POST /api/media; the API adds the file itself (`files`). */
export const uploadFieldsSchema = z.object({
  album: z.enum(UPLOAD_ALBUMS, { error: MSG.invalidValue }),
  /** Album `kyc` only: which photo of the application this is. */
  step: kycPhotoStepSchema.optional(),
  // A form sends an untouched optional field as an empty string.
  targetId: z.preprocess((v) => (v === '' ? undefined : v), mediaIdSchema.optional()),
});

export const imageVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const uploadedMediaSchema = z.object({
  id: z.number().int(),
  album: z.enum(MEDIA_ALBUMS),
  url: z.string(),
  variants: z.record(z.enum(IMAGE_SIZE_NAMES), imageVariantSchema),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

export const albumItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export const albumListSchema = z.object({ items: z.array(albumItemSchema) });
export type AlbumList = z.infer<typeof albumListSchema>;

/**
 * The media id behind a profile's avatar URL (`/api/media/avatar/{id}`): the profile carries the
 * avatar as a URL (SPEC.md section 3), and removing it needs the id.
 */
export function mediaIdOfAvatarUrl(url: string | null | undefined): number | null {
  const match = url?.match(/\/media\/avatar\/(\d+)(?:\/[a-z]+)?$/);
  return match ? Number(match[1]) : null;
}
