import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HEADERS } from '@app/shared/constants';
import type { ServerToClientEvents } from '@app/shared/socket-events';
import { handsScope } from '../hands/scope';
import { createMeetingCodes } from './codes';
import { createMeetingService, type MeetingService } from './service';
import { createStateStore } from './state-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Meetings: ingest, the meeting screen, confirmation, device protection (mint uses it too). */
    meetings: MeetingService;
  }
}

/** Every meet-and-play request counts as a device sighting (device protection), and so does a mint. */
const isMeetAndPlay = (url: string | undefined) =>
  !!url && (url.startsWith('/api/meet/') || url === '/api/crypto/nft/mint');

/**
 * Builds the meeting service (Redis-backed detection state when REDIS_URL is set) and decorates
 * the app with it. Call before the routes are registered.
 */
export async function attachMeetings(app: FastifyInstance, opts: { redis?: Redis; codeSecret: string }) {
  // Named after the database, as the live map's keys: deployments sharing a Redis never mix.
  const keyPrefix = `meet:${await handsScope(app.database, app.config.DATA_DIR)}:meetings`;
  const store = createStateStore({ redis: opts.redis, keyPrefix });
  const { config } = app;
  const service = createMeetingService({
    db: app.database.db,
    clock: app.clock,
    store,
    codes: createMeetingCodes(opts.codeSecret, config.PUBLIC_URL),
    chances: {
      SILVER: config.MINT_CHANCE_SILVER,
      GOLD: config.MINT_CHANCE_GOLD,
      PLATINUM: config.MINT_CHANCE_PLATINUM,
    },
    emit: <E extends keyof ServerToClientEvents>(
      userId: number,
      event: E,
      ...args: Parameters<ServerToClientEvents[E]>
    ) => app.realtime.toUser(userId, event, ...args),
    log: app.log,
  });
  app.decorate('meetings', service);
  // Routes of other meet-and-play modules are sighted after they answer; the meeting and mint
  // routes sight before they decide (a restriction must apply to the request that causes it).
  app.addHook('onResponse', async (request) => {
    if (!request.auth || !isMeetAndPlay(request.routeOptions.url)) return;
    await service.devices.record(request.auth.id, request.headers[HEADERS.fingerprint]).catch((error: unknown) => {
      request.log.error({ err: error }, 'device sighting failed');
    });
  });
  app.addHook('onClose', async () => store.close());
  return service;
}

/** preHandler (after authenticate): the device sighting happens before the route decides. */
export const sightDevice = (devices: MeetingService['devices']) => async (request: FastifyRequest) =>
  devices.record(request.auth!.id, request.headers[HEADERS.fingerprint]);
