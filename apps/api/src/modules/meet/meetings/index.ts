import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { CacheChannel } from '../../../lib/cache-channel';
import type { Clock } from '../../../lib/clock';
import type { Realtime } from '../../../realtime/socket-server';
import { handsScope } from '../hands/scope';
import { createMeetingCodes } from './codes';
import { createStateStore } from './create-state-store';
import { registerFixSocket, type FixSocketDeps } from './fix-socket';
import { MEET_CACHES, MEET_PEER_CACHES, MeetCache, PeerGate } from './caches';
import type { PairRows } from './view';
import { meetingRoutes } from './routes';
import { createMeetingService } from './service';
import { sightAfterResponse } from './sight-device';

/** The peer checks and view rows kept are trusted this long at least without a change telling. */
const CACHE_TTL_MS = 60_000;

/**
 * Meetings: ingest (POST .../position and the socket's 'meeting:fix'), the meeting screen,
 * confirmation and device protection (the mint uses the service too). Detection state lives in
 * Redis when REDIS_URL is set, in process otherwise; the peer check is remembered per process and
 * emptied on every process by any change of users or blocks, the view rows by those and any change
 * of tokens, KYC, mints, meetings or restrictions (decision 037).
 */
export async function createMeetingsModule(deps: {
  database: Database;
  clock: Clock;
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'PUBLIC_URL'
    | 'MINT_CHANCE_SILVER'
    | 'MINT_CHANCE_GOLD'
    | 'MINT_CHANCE_PLATINUM'
    | 'SESSION_CACHE_SECONDS'
  >;
  codeSecret: string;
  redis?: Redis;
  /** The platform's channel that empties the caches on every process. */
  cacheChannel: CacheChannel;
  realtime: Realtime;
  /** The auth plugin's check of an access key and its session, for the socket's fixes. */
  resolveToken: FixSocketDeps['resolveToken'];
  /** The global rate limit of the API's routes, for the socket's fixes. */
  countCall: FixSocketDeps['countCall'];
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  const scope = await handsScope(deps.database, config.DATA_DIR);
  // Named after the database, as the live map's keys: deployments sharing a Redis never mix.
  const keyPrefix = `meet:${scope}:meetings`;
  const store = createStateStore({ redis: deps.redis, keyPrefix });
  // Off with SESSION_CACHE_SECONDS=0 (several processes without Redis), else trusted for at least
  // a minute without a change telling: changes through the API drop them at once everywhere.
  const ttlMs = config.SESSION_CACHE_SECONDS > 0 ? Math.max(config.SESSION_CACHE_SECONDS * 1000, CACHE_TTL_MS) : 0;
  const gate = new PeerGate({ ttlMs });
  const rows = new MeetCache<PairRows>({ ttlMs, max: 50_000 });
  const channel = deps.cacheChannel;
  channel.add(gate.memory);
  channel.add(rows);
  // Whichever code changes a person, a block, a token, a KYC application, a mint attempt, a meeting
  // or a restriction (the map's movement guard raises some too), every process has dropped what it
  // kept before that code goes on: the database client awaits this after the commit. The peer
  // checks, on every fix, depend on people and blocks alone: the rest leaves them (decision 037).
  const unwatchPeers = deps.database.onRowsChanged([{ name: 'users' }, { name: 'chat_blocks', inserts: true }], () =>
    channel.forget({ caches: [MEET_CACHES, MEET_PEER_CACHES] }),
  );
  // A write that said whose rows it changed (scopeRows: a meeting found or confirmed) drops those
  // people's view rows alone; any other empties them whole.
  const unwatchRows = deps.database.onRowsChanged(
    [
      { name: 'nfts', inserts: true },
      { name: 'kyc_applications', inserts: true },
      { name: 'mint_attempts', inserts: true },
      { name: 'meetings', inserts: true },
      { name: 'mint_restrictions', inserts: true },
    ],
    (scope) =>
      channel.forget(scope ? { rows: [{ cache: MEET_CACHES, users: [...scope.users] }] } : { caches: [MEET_CACHES] }),
  );
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
    gate,
    rows,
    scopeRows: deps.database.scopeRows,
  });
  registerFixSocket({
    realtime: deps.realtime,
    meetings,
    resolveToken: deps.resolveToken,
    countCall: deps.countCall,
    log: deps.log,
  });
  return {
    meetings,
    /** Register under /api/meet/meetings. */
    routes: meetingRoutes,
    routeOptions: { meetings },
    /** An onResponse hook for the whole app: device sightings of every meet-and-play request. */
    onResponse: sightAfterResponse(meetings.devices),
    async close() {
      unwatchPeers();
      unwatchRows();
      await store.close();
    },
  };
}
export type MeetingsModule = Awaited<ReturnType<typeof createMeetingsModule>>;
