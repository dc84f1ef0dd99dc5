import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { avatarUrl } from '@app/shared/schemas/user';
import {
  IMAGE_SIZE_NAMES,
  isImageSize,
  type AlbumList,
  type ImageSize,
  type MediaAlbum,
  type UploadedMedia,
} from '@app/shared/schemas/media';
import type { Db } from '../../db/client';
import { media, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { seesEverythingOf, type Viewer } from '../../lib/viewer';
import { processImage, type ImageVariants } from './image';
import type { FileStore } from './storage';

export interface MediaDeps {
  db: Db;
  store: FileStore;
  log: FastifyBaseLogger;
}

/** One upload's files live together under `u<userId>/<mediaId>-<random>`, so one prefix delete removes them. */
const variantKey = (storageKey: string, size: ImageSize) => `${storageKey}/${size}.webp`;

/** The URL a client shows for a media item (SPEC.md section 7 "Image URLs"). */
function mediaUrl(id: number, album: MediaAlbum): string {
  if (album === 'profile_photos') return avatarUrl(id);
  return album === 'kyc' ? `/api/media/kyc/${id}` : `/api/media/image/${id}`;
}

/** Removes files no live row points at; a failure only leaves unused files on disk, so it is logged, not thrown. */
async function removeFiles(deps: MediaDeps, storageKey: string) {
  try {
    await deps.store.deletePrefix(storageKey);
  } catch (error) {
    deps.log.warn({ err: error, storageKey }, 'could not remove media files');
  }
}

async function writeVariants(store: FileStore, storageKey: string, variants: ImageVariants) {
  // Waits for every write, failed or not: a write still running after the clean-up would leave a file behind.
  const results = await Promise.allSettled(
    IMAGE_SIZE_NAMES.map((size) => store.put(variantKey(storageKey, size), variants[size].data, 'image/webp')),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

export interface UploadInput {
  userId: number;
  album: MediaAlbum;
  targetId?: number;
  file: Buffer;
}

/**
 * Stores an upload and, for a profile photo, makes it the avatar. The image is processed before
 * anything is written, so a bad file leaves no trace; the row, the files and the avatar switch
 * commit together, and the replaced avatar's files go only once nothing points at them.
 */
export async function uploadMedia(deps: MediaDeps, input: UploadInput): Promise<UploadedMedia> {
  // Profile photos are one's own; other targets (channels, news) arrive with their features.
  if (input.targetId !== undefined && input.targetId !== input.userId) throw new AppError('FORBIDDEN');
  const variants = await processImage(input.file);
  const sizes = Object.fromEntries(
    IMAGE_SIZE_NAMES.map((size) => [
      size,
      { width: variants[size].width, height: variants[size].height, bytes: variants[size].bytes },
    ]),
  ) as UploadedMedia['variants'];

  let writtenKey: string | undefined;
  let committed: { id: number; replacedKey?: string };
  try {
    committed = await deps.db.transaction(async (tx) => {
      // The user's row is the lock: one user's uploads and deletes take turns, so two uploads at
      // once end with the later one as the avatar and the earlier one marked deleted.
      const [owner] = await tx
        .select({ avatarMediaId: users.avatarMediaId })
        .from(users)
        .where(eq(users.id, input.userId))
        .for('update');
      if (!owner) throw new AppError('NOT_FOUND');

      const [row] = await tx
        .insert(media)
        .values({
          userId: input.userId,
          album: input.album,
          targetId: input.targetId ?? null,
          storageKey: '',
          variants: sizes,
        })
        .returning({ id: media.id });
      const id = row!.id;
      const storageKey = `u${input.userId}/${id}-${crypto.randomBytes(8).toString('hex')}`;
      await tx.update(media).set({ storageKey }).where(eq(media.id, id));
      writtenKey = storageKey;
      await writeVariants(deps.store, storageKey, variants);

      if (input.album !== 'profile_photos') return { id };
      await tx.update(users).set({ avatarMediaId: id }).where(eq(users.id, input.userId));
      if (!owner.avatarMediaId) return { id };
      const [replaced] = await tx
        .update(media)
        .set({ deletedAt: new Date() })
        .where(and(eq(media.id, owner.avatarMediaId), isNull(media.deletedAt)))
        .returning({ storageKey: media.storageKey });
      return { id, replacedKey: replaced?.storageKey };
    });
  } catch (error) {
    // Rolled back: whatever files were written belong to no row.
    if (writtenKey) await removeFiles(deps, writtenKey);
    throw error;
  }
  if (committed.replacedKey) await removeFiles(deps, committed.replacedKey);
  return { id: committed.id, album: input.album, url: mediaUrl(committed.id, input.album), variants: sizes };
}

/** Marks the owner's media deleted, takes it off the profile if it was the avatar, then removes its files. */
export async function deleteMedia(deps: MediaDeps, userId: number, mediaId: number): Promise<void> {
  const storageKey = await deps.db.transaction(async (tx) => {
    // Same lock order as uploadMedia (the user's row first), so the two never deadlock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({ userId: media.userId, storageKey: media.storageKey })
      .from(media)
      .where(and(eq(media.id, mediaId), isNull(media.deletedAt)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.userId !== userId) throw new AppError('FORBIDDEN');
    await tx.update(media).set({ deletedAt: new Date() }).where(eq(media.id, mediaId));
    await tx
      .update(users)
      .set({ avatarMediaId: null })
      .where(and(eq(users.id, userId), eq(users.avatarMediaId, mediaId)));
    return row.storageKey;
  });
  await removeFiles(deps, storageKey);
}

/**
 * Marks a news image deleted and removes its files, whoever uploaded it: the news module calls
 * this once an edit or a delete left the image unused. Other albums are never touched here.
 */
export async function discardNewsImage(deps: MediaDeps, mediaId: number): Promise<void> {
  await discardImage(deps, 'news', mediaId);
}

/** The same for a company's logo or photo (album channel_photos) its edit or removal left unused. */
export async function discardChannelPhoto(deps: MediaDeps, mediaId: number): Promise<void> {
  await discardImage(deps, 'channel_photos', mediaId);
}

async function discardImage(deps: MediaDeps, album: 'news' | 'channel_photos', mediaId: number): Promise<void> {
  const [row] = await deps.db
    .update(media)
    .set({ deletedAt: new Date() })
    .where(and(eq(media.id, mediaId), eq(media.album, album), isNull(media.deletedAt)))
    .returning({ storageKey: media.storageKey });
  if (row) await removeFiles(deps, row.storageKey);
}

export interface ImageFileRef {
  /** Strong validator: a stored variant never changes, so its key identifies its bytes. */
  etag: string;
  read(): Promise<Buffer>;
}

/**
 * A live profile photo's variant. Unknown, deleted and non-profile media and unknown sizes are
 * all NOT_FOUND, so the public URL reveals nothing about other albums. Reading is left to the
 * caller, which skips it when the client's copy is current.
 */
export const findAvatarFile = (deps: MediaDeps, mediaId: number, size: string) =>
  findPublicFile(deps, 'profile_photos', mediaId, size);

/**
 * A live image of album `news` (public: the home page shows it) or `channel_photos` (public: a
 * company's card shows it), by the same rules.
 */
export const findNewsImageFile = (deps: MediaDeps, mediaId: number, size: string) =>
  findPublicFile(deps, ['news', 'channel_photos'], mediaId, size);

async function findPublicFile(
  deps: MediaDeps,
  albums: MediaAlbum | MediaAlbum[],
  mediaId: number,
  size: string,
): Promise<ImageFileRef> {
  if (!isImageSize(size)) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .select({ storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.id, mediaId), inArray(media.album, [albums].flat()), isNull(media.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const key = variantKey(row.storageKey, size);
  return {
    etag: `"${row.storageKey.split('/').pop()}-${size}"`,
    async read() {
      const data = await deps.store.get(key);
      if (!data) throw new AppError('NOT_FOUND');
      return data;
    },
  };
}

/** A user's live media of one album, newest first; NOT_FOUND for unknown or deleted users. */
/**
 * The person themselves and staff see the whole album; anyone else only what the map card shows:
 * the current profile photo.
 */
export async function listAlbum(db: Db, album: MediaAlbum, userId: number, viewer: Viewer): Promise<AlbumList> {
  const [owner] = await db
    .select({ id: users.id, avatarMediaId: users.avatarMediaId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!owner) throw new AppError('NOT_FOUND');
  const wholeAlbum = seesEverythingOf(viewer, userId);
  if (!wholeAlbum && owner.avatarMediaId === null) return { items: [] };
  const rows = await db
    .select({ id: media.id, createdAt: media.createdAt })
    .from(media)
    .where(
      and(
        eq(media.userId, userId),
        eq(media.album, album),
        isNull(media.deletedAt),
        wholeAlbum ? undefined : eq(media.id, owner.avatarMediaId!),
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id));
  return {
    items: rows.map((row) => ({ id: row.id, url: mediaUrl(row.id, album), createdAt: row.createdAt.toISOString() })),
  };
}
