import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_SIZE_NAMES, isImageSize, type UploadedMedia } from '@app/shared/schemas/media';
import type { Tx } from '../../db/client';
import { media } from '../../db/schema';
import type { ImageVariants } from '../media/image';
import type { FileStore } from '../media/storage';
import type { FileCipher } from './file-cipher';

export interface KycPhotoStore {
  store: FileStore;
  cipher: FileCipher;
  log: FastifyBaseLogger;
}

/** Sealed variants live under `kyc/u<userId>/<mediaId>-<random>/<size>.bin`: not servable as images. */
const fileKey = (storageKey: string, size: string) => `${storageKey}/${size}.bin`;

export const kycPhotoUrl = (mediaId: number) => `/api/media/kyc/${mediaId}`;

/**
 * Writes a processed KYC photo, encrypted, and its media row (album `kyc`) in the caller's
 * transaction. On a rollback the caller removes the files with `removeKycFiles(written.key)`.
 */
export async function writeKycPhoto(
  deps: KycPhotoStore,
  tx: Tx,
  userId: number,
  variants: ImageVariants,
  onWritten: (storageKey: string) => void,
): Promise<UploadedMedia> {
  const sizes = Object.fromEntries(
    IMAGE_SIZE_NAMES.map((size) => [
      size,
      { width: variants[size].width, height: variants[size].height, bytes: variants[size].bytes },
    ]),
  ) as UploadedMedia['variants'];
  const [row] = await tx
    .insert(media)
    .values({ userId, album: 'kyc', storageKey: '', variants: sizes })
    .returning({ id: media.id });
  const id = row!.id;
  const storageKey = `kyc/u${userId}/${id}-${crypto.randomBytes(8).toString('hex')}`;
  await tx.update(media).set({ storageKey }).where(eq(media.id, id));
  onWritten(storageKey);
  for (const size of IMAGE_SIZE_NAMES) {
    const key = fileKey(storageKey, size);
    await deps.store.put(key, deps.cipher.seal(variants[size].data, key), 'application/octet-stream');
  }
  return { id, album: 'kyc', url: kycPhotoUrl(id), variants: sizes };
}

/** The decrypted WebP of one size, or null when the size is unknown or the file is gone. */
export async function readKycPhoto(deps: KycPhotoStore, storageKey: string, size: string): Promise<Buffer | null> {
  if (!isImageSize(size)) return null;
  const key = fileKey(storageKey, size);
  const sealed = await deps.store.get(key);
  return sealed ? deps.cipher.open(sealed, key) : null;
}

/** Removes a photo's files; a failure leaves only unreadable ciphertext behind, so it is logged. */
export async function removeKycFiles(deps: KycPhotoStore, storageKey: string): Promise<void> {
  if (!storageKey) return;
  try {
    await deps.store.deletePrefix(storageKey);
  } catch (error) {
    deps.log.warn({ err: error, storageKey }, 'could not remove KYC files');
  }
}
