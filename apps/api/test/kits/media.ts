import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../app';
import { media } from '../../src/db/schema';

/** Test-only helpers of the media tests: images, multipart bodies, and what the store holds. */

/**
 * A 2000x1500 camera JPEG with EXIF orientation 6 (shown turned 90 degrees clockwise), a camera
 * make and a GPS position. Its left half is red and its right half blue, so once turned upright
 * the top is red and the bottom blue.
 */
export async function cameraPhoto(width = 2000, height = 1500): Promise<Buffer> {
  const leftHalf = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: leftHalf, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Secret Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
    })
    .toBuffer();
}

/** A plain image of a format, for the formats an upload accepts. */
export function plainImage(
  format: 'png' | 'webp' | 'gif' | 'avif' | 'jpeg',
  width = 300,
  height = 200,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33aa55' } })
    .toFormat(format)
    .toBuffer();
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A real multipart/form-data body as a browser would send it (built by undici's FormData). */
export async function multipartBody(
  fields: Record<string, string | FilePart | FilePart[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string') form.append(name, item);
      else form.append(name, new Blob([item.data], { type: item.type }), item.filename);
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const jpegFile = (data: Buffer, filename = 'photo.jpg'): FilePart => ({ data, filename, type: 'image/jpeg' });

/** POST /api/media as a signed-in user with a multipart body. */
export async function upload(t: TestApp, userId: number, fields: Parameters<typeof multipartBody>[0]) {
  const { payload, headers } = await multipartBody(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { ...headers, authorization: `Bearer ${await t.app.tokens.sign(userId)}` },
  });
}

export const bearer = async (t: TestApp, userId: number) => ({
  authorization: `Bearer ${await t.app.tokens.sign(userId)}`,
});

/** Where the app's LocalFileStore keeps files in a test app. */
export const storeRoot = (t: TestApp) => path.join(t.config.DATA_DIR, 'media');

/** The stored variant files of a media row (by its storage key). */
export function storedFiles(t: TestApp, storageKey: string): string[] {
  const dir = path.join(storeRoot(t), storageKey);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Every file under a user's folder of the store. */
export function userFiles(t: TestApp, userId: number): string[] {
  const dir = path.join(storeRoot(t), `u${userId}`);
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.webp'))
    : [];
}

export const mediaRowsOf = (t: TestApp, userId: number) =>
  t.database.db.select().from(media).where(eq(media.userId, userId)).orderBy(media.id);
