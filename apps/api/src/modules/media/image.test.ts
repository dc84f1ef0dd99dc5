import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { processImage } from './image';
import { cameraPhoto, plainImage } from '../../../test/kits/media';

async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => b! > 200 && r! < 60 && g! < 60;

describe('processImage', () => {
  it('makes square WebP variants of 128, 512 and 1024 with no metadata left', async () => {
    const input = await cameraPhoto();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('TestCam');
    expect(before.orientation).toBe(6);

    const variants = await processImage(input);
    for (const [size, side] of [
      ['small', 128],
      ['medium', 512],
      ['large', 1024],
    ] as const) {
      const variant = variants[size];
      expect(variant).toMatchObject({ width: side, height: side, bytes: variant.data.length });
      const meta = await sharp(variant.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: side, height: side });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.data.includes('TestCam')).toBe(false);
    }
  });

  it('turns the picture upright by its EXIF orientation', async () => {
    const { medium } = await processImage(await cameraPhoto());
    // Orientation 6 turns the red left half to the top.
    expect(isRed(await pixel(medium.data, 256, 20))).toBe(true);
    expect(isBlue(await pixel(medium.data, 256, 490))).toBe(true);
  });

  it('never upscales a small picture', async () => {
    const variants = await processImage(await plainImage('png', 300, 200));
    expect(variants.small).toMatchObject({ width: 128, height: 128 });
    expect(variants.medium).toMatchObject({ width: 200, height: 200 });
    expect(variants.large).toMatchObject({ width: 200, height: 200 });
  });

  it.each(['png', 'webp', 'gif', 'avif', 'jpeg'] as const)('accepts %s', async (format) => {
    const variants = await processImage(await plainImage(format));
    expect((await sharp(variants.small.data).metadata()).format).toBe('webp');
  });

  it.each([
    ['text', Buffer.from('This is a text file, not a photo.\n'.repeat(20))],
    [
      'SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as UNSUPPORTED_FILE', async (_name, data) => {
    await expect(processImage(data)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('refuses a truncated image and a TIFF', async () => {
    const jpeg = await plainImage('jpeg', 800, 600);
    await expect(processImage(jpeg.subarray(0, 600))).rejects.toBeInstanceOf(AppError);
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(processImage(tiff)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });
});
