/**
 * The realtime contract: one map of events for the socket server and the web client.
 * A socket authenticates with the access key (the JWT) and joins its user's room.
 */

/** SPEC.md section 3 "Push notification item". */
export interface PushItem {
  /** Epoch milliseconds. */
  timestamp: number;
  show: boolean;
  /** A locale key with values, or plain text. */
  text: string;
  values?: Record<string, string | number>;
  /** Milliseconds the item stays on screen; 0 keeps it until dismissed. */
  timeout: number;
  color: 'info' | 'success' | 'warning' | 'error';
}

export interface SessionInfo {
  userId: number;
  serverTime: number;
}

export interface ServerToClientEvents {
  'session:ready': (info: SessionInfo) => void;
  notification: (item: PushItem) => void;
  /** The session was ended on the server (blocked, deleted, logged out elsewhere). */
  'session:revoked': (reason: string) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check; the server answers with its clock. */
  ping: (ack: (serverTime: number) => void) => void;
}

export const userRoom = (userId: number) => `user:${userId}`;
