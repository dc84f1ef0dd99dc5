import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { cpaPostbackListSchema } from '@app/shared/schemas/cpa-programme';
import { parseMessage } from '@app/shared/validation/messages';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import {
  approvedPartner,
  call,
  conversionsOf,
  person,
  startReceiver,
  visitAndRegister,
  type Person,
} from '../../../test/kits/cpa';
import { cpaLinks, cpaPostbacks } from '../../db/schema';
import { postPostback } from './postback-http';
import { RETRY_SCHEDULE_SECONDS } from './postbacks';

const ENV = { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '10000', CPA_POSTBACK_ALLOW_HOSTS: '127.0.0.1' };
const ALL_MACROS =
  'click={clickid}&uid={uid}&a={action}&s={status}&p={payout}&c={currency}&e={event_id}&l={link_id}&t={timestamp}';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  admin = await person(t, 'admin');
}, 60_000);
afterAll(() => t?.close());

type PostbackRow = typeof cpaPostbacks.$inferSelect;

/**
 * The partner's postbacks once `done` holds for them: the app's own relay and jobs deliver them
 * (as in production); the test only nudges the outbox relays instead of waiting for their ticks.
 */
async function postbacksOf(partnerId: number, count: number, done: (row: PostbackRow) => boolean) {
  return until(
    async () => {
      await t.services.events.relay();
      await t.services.cpa.postbacks.relay();
      const rows = await t.database.db.select().from(cpaPostbacks).where(eq(cpaPostbacks.partnerId, partnerId));
      return rows.length === count && rows.every(done) ? rows : undefined;
    },
    20_000,
    `${count} postback(s) of partner ${partnerId}`,
  );
}

/** Makes every queued postback of a partner due now (the retry schedule is hours long). */
const dueNow = (partnerId: number) =>
  t.database.db
    .update(cpaPostbacks)
    .set({ nextAttemptAt: new Date(0) })
    .where(and(eq(cpaPostbacks.partnerId, partnerId), eq(cpaPostbacks.state, 'queued')));

describe('postbacks', () => {
  it('call the callback with every macro URL-encoded, signed the Standard Webhooks way', async () => {
    const receiver = await startReceiver();
    try {
      const { partner, link } = await approvedPartner(t, admin, {
        callbackUrl: `${receiver.url}/pb?${ALL_MACROS}`,
      });
      const visitor = await visitAndRegister(t, link.id, { uid: 'a b&c', clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, visitor.id, 1);
      const [postback] = await postbacksOf(partner.id, 1, (r) => r.state === 'delivered');
      expect(postback).toMatchObject({ state: 'delivered', attempts: 1, status: 'pending', action: 'fill_profile' });

      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(got.method).toBe('POST');
      const query = new URL(got.url, 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({
        click: 'a b&c',
        uid: 'a b&c',
        a: 'fill_profile',
        s: 'pending',
        p: '0.2',
        c: 'USDT',
        e: postback!.id,
        l: String(link.id),
        t: String(Math.floor(postback!.createdAt.getTime() / 1000)),
      });
      expect(got.url).toContain('click=a%20b%26c');
      // The signature verifies with the library's own verifier and the partner's secret.
      const { secret } = (await call(t, 'GET', '/api/cpa/partner', partner.token)).json();
      const headers = {
        'webhook-id': got.headers['webhook-id'] as string,
        'webhook-timestamp': got.headers['webhook-timestamp'] as string,
        'webhook-signature': got.headers['webhook-signature'] as string,
      };
      expect(headers['webhook-id']).toBe(postback!.id);
      expect(new Webhook(secret).verify(got.body, headers)).toMatchObject({
        type: 'conversion.pending',
        event_id: postback!.id,
        action: 'fill_profile',
        uid: 'a b&c',
      });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(got.body, headers),
      ).toThrow();

      // Never twice for an id that got a 2xx, however often its job runs.
      await t.services.cpa.postbacks.deliver(postback!.id);
      expect(receiver.received).toHaveLength(1);
      const resend = await call(t, 'POST', `/api/cpa/postbacks/${postback!.id}/resend`, partner.token);
      expect(resend.json().code).toBe('CPA_POSTBACK_DELIVERED');

      // The partner sees the attempt.
      const listed = cpaPostbackListSchema.parse((await call(t, 'GET', '/api/cpa/postbacks', partner.token)).json());
      expect(listed.postbacks[0]!.attempts[0]).toMatchObject({ httpStatus: 200, error: null, response: 'ok' });
    } finally {
      await receiver.close();
    }
  });

  it('are retried with backoff against a receiver that fails three times, then delivered once', async () => {
    const receiver = await startReceiver([500, 503, 502]);
    try {
      const { partner, link } = await approvedPartner(t, admin, { callbackUrl: `${receiver.url}/pb?e={event_id}` });
      const visitor = await visitAndRegister(t, link.id, { clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, visitor.id, 1);
      let [row] = await postbacksOf(partner.id, 1, (r) => r.attempts === 1);
      expect(row).toMatchObject({ state: 'queued', attempts: 1 });
      // The next try waits the schedule's first step, spread by a fifth either way.
      const wait = row!.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(RETRY_SCHEDULE_SECONDS[0]! * 1000 * 0.75);
      expect(wait).toBeLessThan(RETRY_SCHEDULE_SECONDS[0]! * 1000 * 1.25);
      // Not due yet: the relay leaves it.
      expect(await t.services.cpa.postbacks.relay()).toBe(0);
      for (let attempt = 2; attempt <= 4; attempt++) {
        await dueNow(partner.id);
        [row] = await postbacksOf(partner.id, 1, (r) => r.attempts === attempt);
      }
      expect(row).toMatchObject({ state: 'delivered', attempts: 4 });
      expect(receiver.received).toHaveLength(4);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const listed = cpaPostbackListSchema.parse((await call(t, 'GET', '/api/cpa/postbacks', partner.token)).json());
      expect(listed.postbacks[0]!.attempts.map((a) => a.httpStatus)).toEqual([500, 503, 502, 200]);
      // The schedule spans about a day.
      const total = RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
      expect(total / 3600).toBeGreaterThan(20);
      expect(total / 3600).toBeLessThan(30);
    } finally {
      await receiver.close();
    }
  });

  it('stop for a link whose callback answers 410 until a callback is saved again', async () => {
    const receiver = await startReceiver([410]);
    try {
      const { partner, link } = await approvedPartner(t, admin, { callbackUrl: `${receiver.url}/gone` });
      const first = await visitAndRegister(t, link.id, { clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, first.id, 1);
      expect((await postbacksOf(partner.id, 1, (r) => r.state === 'disabled'))[0]).toMatchObject({ attempts: 1 });
      const [saved] = await t.database.db.select().from(cpaLinks).where(eq(cpaLinks.id, link.id));
      expect(saved!.callbackDisabledAt).not.toBeNull();
      expect((await call(t, 'GET', '/api/cpa/links', partner.token)).json().links[0].callbackDisabled).toBe(true);

      const second = await visitAndRegister(t, link.id, { clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, second.id, 1);
      // The second conversion gets no postback at all.
      await t.services.events.relay();
      await postbacksOf(partner.id, 1, (r) => r.state === 'disabled');
      expect(receiver.received).toHaveLength(1);
      expect((await call(t, 'POST', `/api/cpa/links/${link.id}/test`, partner.token)).json().code).toBe(
        'CPA_NO_CALLBACK',
      );

      await call(t, 'PATCH', `/api/cpa/links/${link.id}`, partner.token, { callbackUrl: `${receiver.url}/new` });
      const test = await call(t, 'POST', `/api/cpa/links/${link.id}/test`, partner.token);
      expect(test.statusCode).toBe(200);
      await postbacksOf(partner.id, 2, (r) => r.state !== 'queued');
      expect(receiver.received.at(-1)!.url).toBe('/new');
      expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'test', status: 'test' });
    } finally {
      await receiver.close();
    }
  });

  it('do not follow redirects, not even to a private address', async () => {
    const inside = await startReceiver();
    const receiver = await startReceiver([{ status: 302, location: `${inside.url}/internal` }]);
    try {
      const { partner, link } = await approvedPartner(t, admin, { callbackUrl: `${receiver.url}/moved` });
      const visitor = await visitAndRegister(t, link.id, { clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, visitor.id, 1);
      const [row] = await postbacksOf(partner.id, 1, (r) => r.attempts === 1);
      expect(row).toMatchObject({ state: 'queued' });
      expect(inside.received).toHaveLength(0);
      const listed = cpaPostbackListSchema.parse((await call(t, 'GET', '/api/cpa/postbacks', partner.token)).json());
      expect(listed.postbacks[0]!.attempts[0]!.httpStatus).toBe(302);

      // A failed one may be resent by the partner: due now.
      expect((await call(t, 'POST', `/api/cpa/postbacks/${row!.id}/resend`, partner.token)).json()).toEqual({
        ok: true,
      });
      await postbacksOf(partner.id, 1, (r) => r.attempts === 2);
      expect(receiver.received).toHaveLength(2);
      expect(inside.received).toHaveLength(0);
    } finally {
      await receiver.close();
      await inside.close();
    }
  });

  it('sign with both secrets while a rotated one still counts', async () => {
    const receiver = await startReceiver();
    try {
      const { partner, link } = await approvedPartner(t, admin, { callbackUrl: `${receiver.url}/pb` });
      const before = (await call(t, 'GET', '/api/cpa/partner', partner.token)).json().secret;
      const after = (await call(t, 'POST', '/api/cpa/partner/secret', partner.token)).json().secret;
      await call(t, 'POST', `/api/cpa/links/${link.id}/test`, partner.token);
      await postbacksOf(partner.id, 1, (r) => r.state === 'delivered');
      const got = receiver.received[0]!;
      const headers = {
        'webhook-id': got.headers['webhook-id'] as string,
        'webhook-timestamp': got.headers['webhook-timestamp'] as string,
        'webhook-signature': got.headers['webhook-signature'] as string,
      };
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(new Webhook(before).verify(got.body, headers)).toBeTruthy();
      expect(new Webhook(after).verify(got.body, headers)).toBeTruthy();
    } finally {
      await receiver.close();
    }
  });

  it('refuse a callback URL with an unknown macro when the link is saved', async () => {
    const { partner } = await approvedPartner(t, admin);
    const res = await call(t, 'POST', '/api/cpa/links', partner.token, {
      name: 'Bad',
      landing: '/',
      callbackUrl: 'https://tracker.example/pb?id={clickid}&x={secret}&y={nope}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      expect.objectContaining({ path: 'callbackUrl', key: expect.stringMatching(/^msg\.unknown-macro\?names=/) }),
    ]);
    expect(parseMessage(res.json().fields[0].key).values.names).toBe('{secret}, {nope}');
  });
});

describe('server-side request forgery', () => {
  const refused = async (url: string) => {
    const answer = await postPostback(url, '{}', {}, { allowAddresses: [] });
    expect(answer.httpStatus, url).toBeNull();
    return answer.error;
  };

  it('refuses loopback, private, link-local, carrier-grade NAT, metadata and IPv4-mapped addresses', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://10.0.0.1:${port}/`,
        `http://192.168.1.10:${port}/`,
        `http://172.16.0.5:${port}/`,
        `http://100.64.0.1:${port}/`,
        `http://169.254.169.254/latest/meta-data/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://0.0.0.0:${port}/`,
      ])
        expect(await refused(url)).toMatch(/not allowed/);
      expect(await refused('ftp://example.com/')).toMatch(/invalid URL/);
      // Nothing reached the receiver on loopback.
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a DNS name that resolves to 127.0.0.1 (checked at connect time, on the address it connects to)', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      // localtest.me-style names need the internet; a name the system resolves itself does the same.
      expect(await refused(`http://localhost.:${port}/`)).toMatch(/not allowed|ENOTFOUND|EAI_AGAIN/);
      expect(await refused(`http://localhost:${port}/`)).toMatch(/not allowed/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
