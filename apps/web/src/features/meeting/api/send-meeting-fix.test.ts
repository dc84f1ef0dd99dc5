// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import type { MeetingFixAnswer, MeetingFixEvent } from '@app/shared/socket-events';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { connectSocket, disconnectSocket } from '../../../lib/socket';
import { sendMeetingFix } from './send-meeting-fix';

/**
 * The meeting screen's fixes go over the open socket ('meeting:fix'), and by HTTP when the socket
 * is not connected or does not answer in time. A real socket.io server and HTTP route on the origin
 * jsdom is set to.
 */

const progress = {
  status: 'together',
  minutesTogether: 3,
  requiredMinutes: 20,
  progressMs: 180_000,
  requiredMs: 1_200_000,
  metAt: null,
};
const viaHttp = { ...progress, minutesTogether: 4 };

let server: http.Server;
let io: Server;
const posted: unknown[] = [];
const received: MeetingFixEvent[] = [];
let answer: MeetingFixAnswer | 'silence' = { ok: true, progress: progress as never };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posted.push({ url: req.url, body: JSON.parse(body || 'null') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(viaHttp));
    });
  });
  io = new Server(server, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    socket.on('meeting:fix', (request: MeetingFixEvent, ack: (a: MeetingFixAnswer) => void) => {
      received.push(request);
      if (answer !== 'silence') ack(answer);
    });
  });
  // A free port, which the page then pretends to be served from (a fixed one could be taken).
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({
    url: `http://127.0.0.1:${port}/`,
  });
});
afterAll(async () => {
  await io.close();
});
afterEach(() => {
  disconnectSocket();
  posted.length = 0;
  received.length = 0;
  answer = { ok: true, progress: progress as never };
});

const fix = { lat: 55.75, lng: 37.61, accuracy: 5, at: 1_700_000_000_000 };

async function connected() {
  const socket = await connectSocket('key');
  if (!socket.connected) await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

describe('sending a meeting fix', () => {
  it('goes over the connected socket with the device fingerprint, and nothing by HTTP', async () => {
    await connected();
    expect(await sendMeetingFix(7, fix)).toEqual(progress);
    expect(received).toEqual([{ peerId: 7, fix, fingerprint: localStorage.getItem('fp') }]);
    expect(posted).toEqual([]);
  });

  it('throws the socket’s error answer as the API client throws the same HTTP answer', async () => {
    await connected();
    answer = {
      ok: false,
      error: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Some fields are not valid',
        fields: [{ path: 'lat', key: 'msg.invalid-value', message: 'Invalid value' }],
      },
    };
    const error = (await sendMeetingFix(7, fix).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: [{ path: 'lat' }] });
    expect(posted).toEqual([]);
  });

  it('logs out on an ended session, as a 401 does', async () => {
    session.save({ token: 'key' });
    await connected();
    answer = { ok: false, error: { statusCode: 401, code: 'SESSION_ENDED', message: 'This session was ended' } };
    await expect(sendMeetingFix(7, fix)).rejects.toMatchObject({ code: 'SESSION_ENDED' });
    expect(session.token()).toBeNull();
  });

  it('goes by HTTP without a socket, or while it is not connected', async () => {
    expect(await sendMeetingFix(7, fix)).toEqual(viaHttp);
    const socket = await connected();
    socket.disconnect();
    expect(await sendMeetingFix(8, fix)).toEqual(viaHttp);
    expect(posted).toEqual([
      { url: '/api/meet/meetings/7/position', body: fix },
      { url: '/api/meet/meetings/8/position', body: fix },
    ]);
    expect(received).toEqual([]);
  });

  it('goes by HTTP when the socket does not answer in time', async () => {
    await connected();
    answer = 'silence';
    expect(await sendMeetingFix(7, fix)).toEqual(viaHttp);
    expect(received).toHaveLength(1);
    expect(posted).toEqual([{ url: '/api/meet/meetings/7/position', body: fix }]);
  });
});
