import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_SIZE_NAMES,
  albumListSchema,
  mediaIdSchema,
  openAlbumSchema,
  uploadFieldsSchema,
  uploadedMediaSchema,
  type UploadedMedia,
} from '@app/shared/schemas/media';
import type { KycPhotoStep } from '@app/shared/schemas/kyc';
import { AppError } from '../../lib/app-error';
import { readMultipartBody } from './multipart-body';
import {
  deleteMedia,
  findAvatarFile,
  findNewsImageFile,
  listAlbum,
  uploadMedia,
  type ImageFileRef,
  type MediaDeps,
} from './service';
import type { Db } from '../../db/client';
import type { FileStore } from './storage';

const uploadBodySchema = uploadFieldsSchema.extend({
  // Optional here so that a form without a file gets FILE_REQUIRED rather than a field error.
  files: z
    .instanceof(Buffer)
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'One image: JPEG, PNG, WebP, GIF, HEIC or AVIF' }),
});

const avatarParamsSchema = z.object({
  id: mediaIdSchema,
  // Any text: an unknown size is a missing image (404), as a file server would answer.
  size: z
    .string()
    .optional()
    .meta({ description: `One of ${IMAGE_SIZE_NAMES.join(', ')}; small when left out` }),
});

/** A stored variant never changes under its URL, so browsers and CDNs may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Album `kyc` belongs to the KYC module above this one: it stores, encrypts and guards those
 * photos itself, and is handed in here so that uploads keep SPEC.md's one URL (POST /api/media).
 */
export type KycUploadHandler = (input: {
  userId: number;
  step: KycPhotoStep | undefined;
  targetId: number | undefined;
  file: Buffer;
}) => Promise<UploadedMedia>;

export const mediaRoutes: FastifyPluginAsyncZod<{
  store: FileStore;
  db: Db;
  uploadMaxBytes: number;
  kycUpload?: KycUploadHandler;
}> = async (app, opts) => {
  await app.register(multipart, {
    limits: { fileSize: opts.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
  });
  const deps: MediaDeps = { db: opts.db, store: opts.store, log: app.log };

  app.post(
    '',
    {
      // Authenticate before reading the body: a stranger's upload is refused unread.
      preValidation: [app.authenticate, readMultipartBody],
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['media'],
        summary: 'Upload an image (multipart); a profile photo becomes the avatar',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 201: uploadedMediaSchema },
      },
    },
    async (request, reply) => {
      const { files, album, targetId, step } = request.body;
      if (!files) throw new AppError('FILE_REQUIRED');
      if (album === 'kyc') {
        if (!opts.kycUpload) throw new AppError('NOT_FOUND');
        return reply.status(201).send(await opts.kycUpload({ userId: request.auth!.id, step, targetId, file: files }));
      }
      // News pictures go on the home page: only admins put them there.
      if (album === 'news') await app.requireRole('admin')(request);
      const uploaded = await uploadMedia(deps, { userId: request.auth!.id, album, targetId, file: files });
      return reply.status(201).send(uploaded);
    },
  );

  const sendImage = async (request: FastifyRequest, reply: FastifyReply, file: ImageFileRef) => {
    reply.header('cache-control', IMMUTABLE).header('etag', file.etag);
    if (isFresh(request, file.etag)) return reply.status(304).send();
    return reply.type('image/webp').send(await file.read());
  };
  const avatarSchema = {
    tags: ['media'],
    params: avatarParamsSchema,
    produces: ['image/webp'],
    response: {
      200: z.any().meta({ type: 'string', format: 'binary', description: 'The WebP image' }),
      304: z.null().meta({ description: 'The copy named by If-None-Match is current' }),
    },
  };
  app.get(
    '/avatar/:id',
    {
      schema: {
        ...avatarSchema,
        summary: 'A profile photo, small (public, immutable)',
        params: avatarParamsSchema.omit({ size: true }),
      },
    },
    async (request, reply) => sendImage(request, reply, await findAvatarFile(deps, request.params.id, 'small')),
  );
  app.get(
    '/avatar/:id/:size',
    {
      schema: {
        ...avatarSchema,
        summary: 'A profile photo in a size: small 128, medium 512, large 1024 (public, immutable)',
      },
    },
    async (request, reply) =>
      sendImage(request, reply, await findAvatarFile(deps, request.params.id, request.params.size ?? 'small')),
  );
  app.get(
    '/image/:id',
    {
      schema: {
        ...avatarSchema,
        summary: 'A news image or a company logo or photo, large (public, immutable)',
        params: avatarParamsSchema.omit({ size: true }),
      },
    },
    async (request, reply) => sendImage(request, reply, await findNewsImageFile(deps, request.params.id, 'large')),
  );
  app.get(
    '/image/:id/:size',
    {
      schema: {
        ...avatarSchema,
        summary:
          'A news image or a company logo or photo in a size: small 128, medium 512, large 1024 (public, immutable)',
      },
    },
    async (request, reply) =>
      sendImage(request, reply, await findNewsImageFile(deps, request.params.id, request.params.size ?? 'large')),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['media'],
        summary: 'Delete own media; an avatar leaves the profile',
        security: [{ bearer: [] }],
        params: z.object({ id: mediaIdSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteMedia(deps, request.auth!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/album/:album',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['media'],
        summary: "A user's media in an album, newest first (others see only the current profile photo)",
        security: [{ bearer: [] }],
        params: z.object({ album: openAlbumSchema }),
        querystring: z.object({ userId: mediaIdSchema }),
        response: { 200: albumListSchema },
      },
    },
    async (request) => listAlbum(opts.db, request.params.album, request.query.userId, request.auth!),
  );
};
