import sharp, { type SharpOptions } from 'sharp';
import { IMAGE_SIZE_NAMES, type ImageSize } from '@app/shared/schemas/media';
import { KYC_IMAGE_SIZES, KYC_MIN_IMAGE_SIDE } from '@app/shared/schemas/kyc';
import { AppError } from '../../lib/app-error';
import type { ImageVariants } from '../media/image';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const INPUT_OPTIONS: SharpOptions = { limitInputPixels: 120_000_000 };
/** Higher than avatars: a document's small print must stay readable. */
const WEBP_QUALITY = 90;

/**
 * A KYC photo as stored: upright, the whole picture (a document must not be cropped) scaled to fit
 * each of KYC_IMAGE_SIZES, never upscaled, re-encoded as WebP with no metadata (no EXIF, no GPS).
 * Too small to read (shorter side below KYC_MIN_IMAGE_SIDE) is refused.
 */
export async function processKycImage(input: Buffer): Promise<{ variants: ImageVariants; upright: Buffer }> {
  const metadata = await sharp(input, INPUT_OPTIONS)
    .metadata()
    .catch(() => null);
  if (!metadata || !ACCEPTED_FORMATS.has(metadata.format ?? '')) throw new AppError('UNSUPPORTED_FILE');
  const { width, height } = metadata.autoOrient;
  if (Math.min(width, height) < KYC_MIN_IMAGE_SIDE) throw new AppError('KYC_IMAGE_TOO_SMALL');
  try {
    const files = await Promise.all(
      IMAGE_SIZE_NAMES.map(async (name): Promise<[ImageSize, ImageVariants[ImageSize]]> => {
        const side = KYC_IMAGE_SIZES[name];
        const { data, info } = await sharp(input, INPUT_OPTIONS)
          .autoOrient()
          .resize(side, side, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return [name, { width: info.width, height: info.height, bytes: info.size, data }];
      }),
    );
    const variants = Object.fromEntries(files) as ImageVariants;
    return { variants, upright: variants.medium.data };
  } catch {
    throw new AppError('UNSUPPORTED_FILE');
  }
}

/**
 * The 64-bit difference hash (dHash) of an image, as 16 hex characters: grey, 9x8, one bit per
 * neighbouring pair. Re-encoding, scaling and small light changes keep it (nearly) the same, so the
 * same document photo uploaded on two accounts is found.
 */
export async function differenceHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      bits = (bits << 1n) | (pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes. */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
