import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Realtime } from '../../../realtime/socket-server';
import { handsScope } from '../hands/scope';
import { createMeetingCodes } from './codes';
import { createStateStore } from './create-state-store';
import { meetingRoutes } from './routes';
import { createMeetingService } from './service';
import { sightAfterResponse } from './sight-device';

/**
 * Meetings: ingest, the meeting screen, confirmation and device protection (the mint uses the
 * service too). Detection state lives in Redis when REDIS_URL is set, in process otherwise.
 */
export async function createMeetingsModule(deps: {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'MINT_CHANCE_SILVER' | 'MINT_CHANCE_GOLD' | 'MINT_CHANCE_PLATINUM'>;
  codeSecret: string;
  redis?: Redis;
  realtime: Realtime;
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  // Named after the database, as the live map's keys: deployments sharing a Redis never mix.
  const keyPrefix = `meet:${await handsScope(deps.database, config.DATA_DIR)}:meetings`;
  const store = createStateStore({ redis: deps.redis, keyPrefix });
  const meetings = createMeetingService({
    db: deps.database.db,
    clock: deps.clock,
    store,
    codes: createMeetingCodes(deps.codeSecret, config.PUBLIC_URL),
    chances: {
      SILVER: config.MINT_CHANCE_SILVER,
      GOLD: config.MINT_CHANCE_GOLD,
      PLATINUM: config.MINT_CHANCE_PLATINUM,
    },
    emit: deps.realtime.toUser,
    log: deps.log,
  });
  return {
    meetings,
    /** Register under /api/meet/meetings. */
    routes: meetingRoutes,
    routeOptions: { meetings },
    /** An onResponse hook for the whole app: device sightings of every meet-and-play request. */
    onResponse: sightAfterResponse(meetings.devices),
    close: () => store.close(),
  };
}
export type MeetingsModule = Awaited<ReturnType<typeof createMeetingsModule>>;
