import type { z } from 'zod';
import { HEADERS } from '@app/shared/constants';
import type { FieldError } from '@app/shared/errors';
import { englishText } from '@app/shared/locales/english-text';
import { meetingFixRequestSchema, meetingParamsSchema } from '@app/shared/schemas/meet';
import type { MeetingFixAnswer, MeetingFixEvent } from '@app/shared/socket-events';
import { AppError } from '../../../lib/app-error';
import { accessKeyOf, type Realtime, type RealtimeSocket } from '../../../realtime/socket-server';
import type { MeetingService } from './service';

/**
 * 'meeting:fix' (decision 037): the meeting screen's fixes over the socket it already has open,
 * answered exactly as POST /api/meet/meetings/:peerId/position answers (the progress, or the
 * catalogue's error body), by the same steps in the same order: the rate limit (the client address's
 * counter the route counts on), the route's own zod
 * schemas, the session (`resolveToken`, so decision 033's cache decides as for every request: a
 * session ended or a user blocked is refused on the very next fix, on any process), the device
 * sighting, then the service. The HTTP route stays for other clients and for when the socket is down.
 */

export interface FixSocketDeps {
  realtime: Realtime;
  meetings: Pick<MeetingService, 'ingestFix' | 'devices'>;
  /** The auth plugin's check of an access key and its live session (app.resolveToken). */
  resolveToken(token: string | undefined): Promise<{ id: number }>;
  /**
   * One call from this address against the limit every plain API route counts (the same counter,
   * shared with this client's requests and, on Redis, across processes); throws RATE_LIMITED.
   */
  countCall(address: string): Promise<void>;
  log: { error(obj: object, msg: string): void };
}

/** The route's validation errors as the error handler words them (plugins/error-handler.ts). */
function fieldErrors(error: z.ZodError, context: 'params' | 'body'): FieldError[] {
  return error.issues.map((issue) => {
    const key = issue.message ?? 'msg.invalid-value';
    return { path: issue.path.length ? issue.path.join('.') : context, key, message: englishText(key) };
  });
}

/** Fastify validates the parameters first, then the body; the first that fails is the answer. */
function validate(request: unknown) {
  const raw = (typeof request === 'object' && request !== null ? request : {}) as Partial<MeetingFixEvent>;
  const params = meetingParamsSchema.safeParse({ peerId: raw.peerId });
  if (!params.success) throw new AppError('VALIDATION_ERROR', { fields: fieldErrors(params.error, 'params') });
  // A request without a body has a null one.
  const body = meetingFixRequestSchema.safeParse(raw.fix === undefined ? null : raw.fix);
  if (!body.success) throw new AppError('VALIDATION_ERROR', { fields: fieldErrors(body.error, 'body') });
  const fingerprint = typeof raw.fingerprint === 'string' ? raw.fingerprint : undefined;
  return { peerId: params.data.peerId, fix: body.data, fingerprint };
}

export function registerFixSocket(deps: FixSocketDeps): void {
  const { meetings } = deps;

  async function ingest(socket: RealtimeSocket, request: unknown): Promise<MeetingFixAnswer> {
    try {
      await deps.countCall(deps.realtime.addressOf(socket));
      const { peerId, fix, fingerprint } = validate(request);
      const auth = await deps.resolveToken(accessKeyOf(socket));
      if (auth.id !== socket.data.userId) throw new AppError('TOKEN_INVALID');
      // As the route's preHandler: the sighting comes before the service decides anything.
      const header = socket.handshake.headers[HEADERS.fingerprint];
      await meetings.devices.record(auth.id, fingerprint ?? header);
      return { ok: true, progress: await meetings.ingestFix(auth.id, peerId, fix) };
    } catch (error) {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) deps.log.error({ err: error }, error.message);
        return { ok: false, error: error.toBody() };
      }
      deps.log.error({ err: error }, 'meeting:fix failed');
      return { ok: false, error: new AppError('INTERNAL_ERROR').toBody() };
    }
  }

  deps.realtime.onSocket((socket) => {
    socket.on('meeting:fix', (request, ack) => {
      void ingest(socket, request).then((answer) => {
        if (typeof ack === 'function') ack(answer);
      });
    });
  });
}
