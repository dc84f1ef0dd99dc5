/**
 * Helpers the meeting and mint tests share: users with tokens, and recorded tracks played through
 * the HTTP API with the server's clock moved along the track. Not imported by the app.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '@app/shared/constants';
import type { MeetingProgress, MeetingView } from '@app/shared/schemas/meet';
import type { AppServices } from '../../src/app';
import type { Database } from '../../src/db/client';
import { meetings, nfts } from '../../src/db/schema';
import { insertUser } from '../app';
import type { Fix } from '../../src/modules/meet/detector/fix';
import { ALICE } from './detector-tracks';
import { pairOf } from '../../src/modules/meet/meetings/pair';

export interface KitUser {
  id: number;
  domain: string;
  token: string;
  headers: Record<string, string>;
}

export async function kitUser(app: FastifyInstance, database: Database, fingerprint?: string): Promise<KitUser> {
  const domain = `m${crypto.randomBytes(5).toString('hex')}`;
  const row = await insertUser(database, { domain, firstName: 'Mia' });
  const token = await app.tokens.sign(row.id);
  // Each user on a device of their own unless a test shares one.
  const fp = fingerprint ?? `fp-${crypto.randomBytes(8).toString('hex')}`;
  return { id: row.id, domain, token, headers: { authorization: `Bearer ${token}`, [HEADERS.fingerprint]: fp } };
}

export async function api<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who: KitUser | null,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: who?.headers ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as T };
}

export const view = async (app: FastifyInstance, who: KitUser, peer: KitUser) =>
  (await api<MeetingView>(app, 'GET', `/meet/meetings/${peer.id}`, who)).body;

/**
 * Plays two phones' recorded fixes through POST /meet/meetings/:peerId/position in order, moving
 * the server clock to each fix's moment first. The devices' own timestamps are the track's (a clock
 * far from the server's, which the server must not care about). Returns the last answer of each.
 */
export async function playTrack(
  { app, services }: { app: FastifyInstance; services: Pick<AppServices, 'clock'> },
  fixes: readonly Fix[],
  a: KitUser,
  b: KitUser,
) {
  let previous = fixes[0]?.timestamp ?? 0;
  const last: { a?: MeetingProgress; b?: MeetingProgress; statuses: number[] } = { statuses: [] };
  for (const fix of fixes) {
    services.clock.advance(Math.max(0, fix.timestamp - previous));
    previous = Math.max(previous, fix.timestamp);
    const [from, to] = fix.userId === ALICE ? [a, b] : [b, a];
    const res = await api<MeetingProgress>(app, 'POST', `/meet/meetings/${to.id}/position`, from, {
      lat: fix.lat,
      lng: fix.lng,
      accuracy: fix.accuracy,
      at: fix.timestamp,
    });
    last.statuses.push(res.status);
    if (fix.userId === ALICE) last.a = res.body;
    else last.b = res.body;
  }
  return last;
}

let tokenId = 1_000_000;

/** A token held since `heldMs` ago (server clock), straight into the table (the market is tested elsewhere). */
export async function giveToken(
  { clock, database }: Pick<AppServices, 'clock' | 'database'>,
  userId: number,
  type: number,
  heldMs: number,
) {
  const id = ++tokenId;
  await database.db
    .insert(nfts)
    .values({ id, type, status: 'OWNED', ownerId: userId, acquiredAt: new Date(clock.now() - heldMs) });
  return id;
}

/** A meeting the detector found `agoMs` ago, confirmed by whoever is named. */
export async function recordMeeting(
  { clock, database }: Pick<AppServices, 'clock' | 'database'>,
  a: KitUser,
  b: KitUser,
  confirmedBy: KitUser[] = [a, b],
  agoMs = 0,
) {
  const pair = pairOf(a.id, b.id);
  const at = new Date(clock.now() - agoMs);
  const confirmed = (id: number) => (confirmedBy.some((u) => u.id === id) ? at : null);
  const [row] = await database.db
    .insert(meetings)
    .values({
      userLowId: pair.low,
      userHighId: pair.high,
      metAt: at,
      lowConfirmedAt: confirmed(pair.low),
      highConfirmedAt: confirmed(pair.high),
    })
    .returning();
  return row!;
}
