import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintRequestSchema, mintResultSchema } from '@app/shared/schemas/meet';
import type { MeetingService } from '../meet/meetings/service';
import { sightDevice } from '../meet/meetings/sight-device';
import { mint, type MintDeps } from './mint-service';

/** PATCH /crypto/nft/mint (SPEC.md section 7): the route sits under /crypto, the rules here. */
export const mintRoutes: FastifyPluginAsyncZod<{ deps: MintDeps; devices: MeetingService['devices'] }> = async (
  app,
  { deps, devices },
) => {
  app.patch(
    '/nft/mint',
    {
      // The device sighting happens before the mint decides: a restriction applies to the request that causes it.
      preHandler: [app.authenticate, sightDevice(devices)],
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['crypto'],
        summary: 'Mint with the user the caller met (the published chance per level)',
        security: [{ bearer: [] }],
        body: mintRequestSchema,
        response: { 200: mintResultSchema },
      },
    },
    async (request) => mint(deps, request.auth!.id, request.body.userId),
  );
};
