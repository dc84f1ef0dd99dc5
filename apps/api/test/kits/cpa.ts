import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { cpaLinkSchema, type CpaLink } from '@app/shared/schemas/cpa';
import { cpaConversions, cpaHits, users } from '../../src/db/schema';
import type { TestApp } from '../app';
import { until } from '../until';

const PASSWORD = 'Secret1';
let people = 0;

export interface Person {
  id: number;
  email: string;
  token: string;
}

export const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A registered person (an admin logs in again, so the token carries the role). */
export async function person(t: TestApp, role?: 'admin'): Promise<Person> {
  const email = `cpa-${++people}-${Date.now()}@example.com`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: PASSWORD },
  });
  const { user, token } = registered.json() as { token: string; user: { id: number } };
  if (!role) return { id: user.id, email, token };
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  return { id: user.id, email, token: login.json().token };
}

/** A person who applied and whom an admin approved: a partner with a link. */
export async function approvedPartner(
  t: TestApp,
  admin: Person,
  link: object = {},
): Promise<{ partner: Person; link: CpaLink }> {
  const partner = await person(t);
  const applied = await call(t, 'POST', '/api/cpa/partner', partner.token, {
    trafficSources: 'Telegram channel',
    contact: '@partner',
  });
  if (applied.statusCode !== 200) throw new Error(applied.body);
  const decided = await call(t, 'POST', `/api/cpa/partners/${partner.id}/decision`, admin.token, {
    decision: 'approve',
  });
  if (decided.statusCode !== 200) throw new Error(decided.body);
  const created = await call(t, 'POST', '/api/cpa/links', partner.token, {
    name: 'Campaign',
    landing: '/l/meet',
    ...link,
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  return { partner, link: cpaLinkSchema.parse(created.json()) };
}

export interface Visit {
  fingerprint?: string;
  uid?: string;
  address?: string;
  /** How long before the registration the click happened (the too-fast rule looks at it). */
  clickedSecondsAgo?: number;
  profile?: boolean;
}

/** A visitor who arrives through the link (a counted hit) and registers, as the browser does. */
export async function visitAndRegister(t: TestApp, linkId: number, visit: Visit = {}): Promise<Person> {
  const fingerprint = visit.fingerprint ?? `fp-visitor-${++people}-${Date.now()}`;
  const headers = {
    'x-cpa': String(linkId),
    ...(visit.uid && { 'x-cpa-uid': visit.uid }),
    'x-device-fingerprint': fingerprint,
    // One browser each: a hit counts once per address and user agent a day.
    'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/147.0 Safari/537.36 ${fingerprint}`,
  };
  const remoteAddress = visit.address ?? `203.0.113.${people % 250}`;
  await t.app.inject({ method: 'POST', url: '/api/cpa/hits', headers, remoteAddress });
  if (visit.clickedSecondsAgo !== undefined)
    await t.database.db
      .update(cpaHits)
      .set({ createdAt: new Date(Date.now() - visit.clickedSecondsAgo * 1000) })
      .where(eq(cpaHits.visitor, `fp:${fingerprint}`));
  const email = `visitor-${++people}-${Date.now()}@example.com`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers,
    remoteAddress,
    payload: {
      email,
      password: PASSWORD,
      ...(visit.profile && {
        firstName: 'Vera',
        lastName: 'Orlova',
        domain: `vera${people}x${Date.now() % 100000}`,
        gender: 1,
        birthday: '12.04.1992',
      }),
    },
  });
  if (registered.statusCode !== 200) throw new Error(registered.body);
  const { user, token } = registered.json() as { token: string; user: { id: number } };
  return { id: user.id, email, token };
}

/** Relays the outbox until the person's conversions number `count`. */
export async function conversionsOf(t: TestApp, userId: number, count: number) {
  return until(
    async () => {
      await t.services.events.relay();
      const rows = await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.userId, userId));
      return rows.length >= count ? rows : undefined;
    },
    20_000,
    `${count} conversion(s) of user ${userId}`,
  );
}

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A postback receiver on loopback that answers with the statuses it is given, in turn (then 200). */
export async function startReceiver(answers: (number | { status: number; location?: string })[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const next = answers.shift() ?? 200;
      const answer = typeof next === 'number' ? { status: next } : next;
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.status < 300 ? 'ok' : `status ${answer.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
