import { z } from 'zod';

export { SESSION_PATHS } from './session-paths';

/** One live sign-in of the signed-in person (GET /api/user/sessions). */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** "Chrome on Windows", read from the browser at sign-in. */
  device: z.string(),
  /** Two-letter country code when the proxy in front of the API told it, else null. */
  country: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Accurate to a minute. */
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session of the request that asked: "this device". */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** "Log out everywhere": every other session, and this one too when keepCurrent is false. */
export const endAllSessionsRequestSchema = z.object({ keepCurrent: z.boolean().default(true) });
export type EndAllSessionsRequest = z.input<typeof endAllSessionsRequestSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
