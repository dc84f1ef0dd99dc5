import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { IMAGE_SIZES, IMAGE_SIZE_NAMES, type ImageSize, type ImageVariant } from '@app/shared/schemas/media';
import { AppError } from '../../lib/app-error';

/**
 * What phones and browsers upload. Sharp names HEIC and AVIF both `heif`; the prebuilt sharp
 * decodes AVIF but not HEVC-coded HEIC, so such a file fails at decoding and gets the same answer.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

/**
 * Above any phone camera (108 MP sensors exist) and far below sharp's default of 268 MP: a small
 * file that decodes to a huge image (a decompression bomb) is refused before it takes the memory.
 */
const MAX_INPUT_PIXELS = 120_000_000;
const INPUT_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS };

const WEBP_QUALITY = 82;

export interface ImageFile extends ImageVariant {
  data: Buffer;
}
export type ImageVariants = Record<ImageSize, ImageFile>;

/** The header of an image, or null for anything sharp cannot read (text, an empty file). */
async function readMetadata(input: Buffer): Promise<Metadata | null> {
  try {
    return await sharp(input, INPUT_OPTIONS).metadata();
  } catch {
    return null;
  }
}

/**
 * Turns an upload into the square WebP variants of IMAGE_SIZES: turned upright by its EXIF
 * orientation, centre-cropped, never upscaled, with no metadata left (sharp writes none unless
 * asked, so EXIF, GPS and XMP stay behind). Sharp works on libuv's threads, off the event loop.
 */
export async function processImage(input: Buffer): Promise<ImageVariants> {
  const metadata = await readMetadata(input);
  if (!metadata || !ACCEPTED_FORMATS.has(metadata.format ?? '')) throw new AppError('UNSUPPORTED_FILE');

  const { width, height } = metadata.autoOrient;
  const largestSquare = Math.min(width, height);
  try {
    const files = await Promise.all(
      IMAGE_SIZE_NAMES.map(async (name): Promise<[ImageSize, ImageFile]> => {
        const side = Math.min(IMAGE_SIZES[name], largestSquare);
        const { data, info } = await sharp(input, INPUT_OPTIONS)
          .autoOrient()
          .resize(side, side, { fit: 'cover' })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return [name, { width: info.width, height: info.height, bytes: info.size, data }];
      }),
    );
    return Object.fromEntries(files) as ImageVariants;
  } catch {
    // The header was readable but the pixels are not (truncated, HEVC, over the pixel limit).
    throw new AppError('UNSUPPORTED_FILE');
  }
}
