import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@app/shared/constants';
import { accessKeyOf, type RealtimeSocket } from './socket-server';

/**
 * Whether a socket may join a staff room: the same rules as the staff routes (requireRole), read
 * again at the moment of asking (the role from the live session, the admin host, the second
 * factor proven within the staff session), so a socket opened before a demotion or without TOTP
 * hears nothing.
 */
export function staffSocketCheck(app: FastifyInstance, ...roles: Role[]) {
  return async (socket: RealtimeSocket): Promise<boolean> => {
    try {
      const auth = await app.resolveToken(accessKeyOf(socket));
      if (!roles.includes(auth.role)) return false;
      // requireStaffAccess reads only who asks and on which host.
      const host = socket.handshake.headers.host ?? '';
      await app.requireStaffAccess({ auth, hostname: host } as FastifyRequest);
      return true;
    } catch {
      return false;
    }
  };
}
