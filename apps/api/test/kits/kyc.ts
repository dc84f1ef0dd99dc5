import sharp from 'sharp';
import type { Role } from '@app/shared/constants';
import type { KycLevel } from '@app/shared/schemas/kyc';
import { eq } from 'drizzle-orm';
import { insertUser, type TestApp } from '../app';
import { users } from '../../src/db/schema';
import { setRole } from '../../src/modules/kyc/staff';
import { bearer, jpegFile, upload } from './media';

/** Test-only helpers of the KYC tests: people, staff, photos and the calls. */

/** A document-like photo: stripes and a block, so its perceptual hash is its own (seed varies it). */
export async function documentPhoto(seed = 0, width = 1600, height = 1000): Promise<Buffer> {
  const stripes = Array.from({ length: 8 }, (_, i) => ({
    input: { create: { width: width / 16, height, channels: 3 as const, background: i % 2 ? '#222222' : '#dddddd' } },
    left: ((i * 2 + seed) % 16) * (width / 16),
    top: 0,
  }));
  return sharp({ create: { width, height, channels: 3, background: '#888888' } })
    .composite(stripes)
    .jpeg()
    .toBuffer();
}

export async function insertStaff(t: TestApp, role: Role, level?: KycLevel) {
  const user = await insertUser(t.database, { firstName: 'Staff', lastName: role });
  await setRole(t.database.db, { userId: user.id }, { role, level }, { id: null });
  return user;
}

export async function roleOf(t: TestApp, userId: number) {
  const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

export async function call(
  t: TestApp,
  userId: number,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: await bearer(t, userId) });
}

/** Start, upload both photos and submit: the application waits for a moderator. */
export async function submitKyc(t: TestApp, userId: number, seed = 0, level: KycLevel = 'GOLD') {
  await call(t, userId, 'POST', '/api/kyc/application', { level });
  const doc = await upload(t, userId, { album: 'kyc', step: 'document', files: jpegFile(await documentPhoto(seed)) });
  if (doc.statusCode !== 201) throw new Error(`document upload: ${doc.body}`);
  const selfie = await upload(t, userId, {
    album: 'kyc',
    step: 'selfie',
    files: jpegFile(await documentPhoto(seed + 5)),
  });
  if (selfie.statusCode !== 201) throw new Error(`selfie upload: ${selfie.body}`);
  const res = await call(t, userId, 'POST', '/api/kyc/application/submit', {});
  if (res.statusCode !== 200) throw new Error(`submit: ${res.body}`);
  return res.json() as { id: number; version: number };
}
