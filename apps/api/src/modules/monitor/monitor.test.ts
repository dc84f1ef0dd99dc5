import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';
import type { MonitorFigures, MonitorSeries } from '@app/shared/schemas/monitor';
import { createTestApp, type TestApp } from '../../../test/app';
import { call, insertStaff } from '../../../test/kits/kyc';
import { until } from '../../../test/until';
import { dailyRollups, eventDeliveries, sessions } from '../../db/schema';
import { publish } from '../../events/event-bus';
import { dayOf } from './rollups';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const WEI = 10n ** 18n;

describe('admin monitor', () => {
  let t: TestApp;
  let url: string;
  let admin: { id: number };
  const sockets: ClientSocket[] = [];

  const figures = async () => {
    const response = await call(t, admin.id, 'GET', '/api/control/monitor/figures');
    expect(response.statusCode).toBe(200);
    return response.json() as MonitorFigures;
  };
  const rollup = async (metric: string, dimension = '') => {
    const [row] = await t.database.db
      .select()
      .from(dailyRollups)
      .where(
        and(
          eq(dailyRollups.metric, metric),
          eq(dailyRollups.day, dayOf(new Date())),
          eq(dailyRollups.dimension, dimension),
        ),
      );
    return row ?? { count: 0, amount: '0' };
  };
  const delivered = (eventId: string, handler: string) =>
    until(
      async () => {
        const rows = await t.database.db
          .select()
          .from(eventDeliveries)
          .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.handler, handler)));
        return rows.length > 0;
      },
      20_000,
      `${handler} to take ${eventId}`,
    );
  const register = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password: 'Secret1' },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { user: { id: number }; token: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
    admin = await insertStaff(t, 'admin');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('is refused to a person and to a moderator, on the API and on the socket', async () => {
    const person = await insertStaff(t, 'user');
    const moderator = await insertStaff(t, 'moderator', 'GOLD');
    for (const who of [person, moderator]) {
      for (const path of ['/api/control/monitor/figures', '/api/control/monitor/series?period=week']) {
        const response = await call(t, who.id, 'GET', path);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/control/monitor/figures' })).statusCode).toBe(401);

    const socket = connect(url, {
      path: '/socket.io',
      reconnection: false,
      forceNew: true,
      transports: ['websocket'],
      auth: { accessKey: await t.app.tokens.sign(moderator.id) },
    }) as ClientSocket;
    sockets.push(socket);
    let pushed = 0;
    socket.on('monitor:figures', () => void (pushed += 1));
    const ok = await new Promise<boolean>((resolve) =>
      socket.on('connect', () => socket.emit('monitor:watch', true, resolve)),
    );
    expect(ok).toBe(false);
    // A push to the room after the refusal reaches the admin and not the moderator.
    const adminSocket = await watchingAdmin();
    const before = await figures();
    const seen: MonitorFigures[] = [];
    adminSocket.on('monitor:figures', (f) => void seen.push(f));
    await register(`monitor-refused-${Date.now()}@example.com`);
    await until(
      () => seen.some((f) => f.registrationsToday > before.registrationsToday),
      20_000,
      'the push after a registration',
    );
    expect(pushed).toBe(0);
  });

  async function watchingAdmin(): Promise<ClientSocket> {
    const socket = connect(url, {
      path: '/socket.io',
      reconnection: false,
      forceNew: true,
      transports: ['websocket'],
      auth: { accessKey: await t.app.tokens.sign(admin.id) },
    }) as ClientSocket;
    sockets.push(socket);
    const first = new Promise<MonitorFigures>((resolve) => socket.once('monitor:figures', resolve));
    const ok = await new Promise<boolean>((resolve) =>
      socket.on('connect', () => socket.emit('monitor:watch', true, resolve)),
    );
    expect(ok).toBe(true);
    await first;
    return socket;
  }

  it('pushes the figures to a watching admin when someone registers, counting people online', async () => {
    const socket = await watchingAdmin();
    const before = await figures();
    expect(before.online).toBeGreaterThanOrEqual(1);
    const seen: MonitorFigures[] = [];
    socket.on('monitor:figures', (f) => void seen.push(f));
    await register(`monitor-live-${Date.now()}@example.com`);
    const moved = await until(
      () => seen.find((f) => f.registrationsToday === before.registrationsToday + 1),
      20_000,
      'a push with one more registration',
    );
    expect(moved.online).toBeGreaterThanOrEqual(1);
  });

  it('counts each event once even when it is delivered twice, and leaves rewards out of deposits', async () => {
    const buyer = await register(`monitor-buyer-${Date.now()}@example.com`);
    const [deposit, reward, sale] = await t.database.db.transaction(async (tx) => [
      await publish(tx, 'deposit.credited', {
        userId: buyer.user.id,
        transactionId: 1,
        amount: (25n * WEI).toString(),
        kind: 'INPUT',
        currency: 'USDT',
      }),
      await publish(tx, 'deposit.credited', {
        userId: buyer.user.id,
        transactionId: 2,
        amount: (7n * WEI).toString(),
        kind: 'REWARD',
        currency: 'USDT',
      }),
      await publish(tx, 'purchase.completed', {
        userId: buyer.user.id,
        purchaseId: 1,
        nftId: 1,
        level: 1,
        price: (150n * WEI).toString(),
        fromSupply: true,
      }),
    ]);
    const depositsBefore = await rollup('deposits', 'USDT');
    const salesBefore = await rollup('sales', '1');
    await t.services.events.relay();
    await delivered(deposit!, 'monitor.deposits');
    await delivered(reward!, 'monitor.deposits');
    await delivered(sale!, 'monitor.sales');
    const depositsOnce = await rollup('deposits', 'USDT');
    const salesOnce = await rollup('sales', '1');

    // The same events again, through jobs of their own (a relay that died before marking them).
    const completed = async (name: string) => (await t.services.jobs.counts(name)).completed ?? 0;
    const done = { deposits: await completed('event.monitor.deposits'), sales: await completed('event.monitor.sales') };
    await t.services.jobs.send('event.monitor.deposits', { eventId: deposit }, { dedupeKey: `again-${deposit}` });
    await t.services.jobs.send('event.monitor.sales', { eventId: sale }, { dedupeKey: `again-${sale}` });
    await until(async () => (await completed('event.monitor.deposits')) > done.deposits, 20_000, 'the repeat');
    await until(async () => (await completed('event.monitor.sales')) > done.sales, 20_000, 'the repeat');

    expect(await rollup('deposits', 'USDT')).toEqual(depositsOnce);
    expect(await rollup('sales', '1')).toEqual(salesOnce);
    // Only the INPUT deposit counted; the reward did not.
    expect(depositsOnce.count).toBe(depositsBefore.count + 1);
    expect(BigInt(depositsOnce.amount) - BigInt(depositsBefore.amount)).toBe(25n * WEI);
    expect(salesOnce.count).toBe(salesBefore.count + 1);
    expect(BigInt(salesOnce.amount) - BigInt(salesBefore.amount)).toBe(150n * WEI);

    const now = await figures();
    expect(now.salesToday).toBeGreaterThanOrEqual(1);
    expect(Number(now.revenueToday)).toBeGreaterThanOrEqual(150);
    expect(Number(now.deposits.amountToday)).toBeGreaterThanOrEqual(25);

    const week = (await call(t, admin.id, 'GET', '/api/control/monitor/series?period=week')).json() as MonitorSeries;
    expect(week.buckets).toHaveLength(26);
    const current = week.buckets.at(-1)!;
    expect(current.sales[1]).toBe(salesOnce.count);
    expect(Number(current.deposits)).toBe(Number(BigInt(depositsOnce.amount) / WEI));
    expect(current.registrations).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown period', async () => {
    const response = await call(t, admin.id, 'GET', '/api/control/monitor/series?period=year');
    expect(response.statusCode).toBe(400);
  });
});

describe('admin monitor with the staff second factor', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { STAFF_SECOND_FACTOR: 'required' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('lets an admin socket watch only once this sign-in proved TOTP, like the routes', async () => {
    const admin = await insertStaff(t, 'admin');
    const token = await t.app.tokens.sign(admin.id);
    const watch = async () => {
      const socket = connect(url, {
        path: '/socket.io',
        reconnection: false,
        forceNew: true,
        transports: ['websocket'],
        auth: { accessKey: token },
      }) as ClientSocket;
      sockets.push(socket);
      return new Promise<boolean>((resolve) => socket.on('connect', () => socket.emit('monitor:watch', true, resolve)));
    };
    const figures = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/control/monitor/figures',
        headers: { authorization: `Bearer ${token}` },
      });

    expect((await figures()).statusCode).toBe(403);
    expect(await watch()).toBe(false);

    await t.database.db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.userId, admin.id));
    // Written behind the API's back: the session rows it cached still have no proof.
    t.services.sessionCache.forget({ all: true });
    expect((await figures()).statusCode).toBe(200);
    expect(await watch()).toBe(true);
  });
});
