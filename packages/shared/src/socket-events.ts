/**
 * The realtime contract: one map of events for the socket server and the web client.
 * A socket authenticates with the access key (the JWT) and joins its user's room.
 */

import type { Purchase, Transaction } from './schemas/crypto';
import type { ChatMessage, ChatRead, ChatTyping, ChatTypingRequest } from './schemas/chat';
import type { SALE_LEVELS } from './constants';
import type { HandCard, MeetingFixRequest, MeetingProgress, MeetingView, MintResult, WatchArea } from './schemas/meet';
import type { ErrorBody } from './errors';
import type { MonitorFigures } from './schemas/monitor';

type MarketLevelName = (typeof SALE_LEVELS)[number];

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

/** A change of the caller's money or tokens: the client refetches what the event names. */
export interface WalletChanged {
  reason: 'deposit' | 'withdrawal' | 'purchase' | 'reward' | 'refund' | 'mint';
  transactionId?: number;
}

/**
 * 'meeting:fix': one precise fix of this device over the open socket, what POST
 * /api/meet/meetings/:peerId/position takes (`peerId` its parameter, `fix` its body). The device
 * fingerprint travels with it, as the header does on every request.
 */
export interface MeetingFixEvent {
  peerId: number;
  fix: MeetingFixRequest;
  fingerprint?: string;
}

/** The ack of 'meeting:fix': the route's 200 answer, or its error body from the catalogue. */
export type MeetingFixAnswer = { ok: true; progress: MeetingProgress } | { ok: false; error: ErrorBody };

export interface ServerToClientEvents {
  'session:ready': (info: SessionInfo) => void;
  /** A purchase moved a step (queued, a transaction sent or confirmed, completed, failed). */
  'purchase:update': (purchase: Purchase) => void;
  /** A transaction of the caller changed status or gained confirmations. */
  'transaction:update': (transaction: Transaction) => void;
  'wallet:changed': (change: WalletChanged) => void;
  /** Stock or queue length of a level changed; everyone on the market page hears it. */
  'market:changed': (level: MarketLevelName) => void;
  notification: (item: PushItem) => void;
  /** The session was ended on the server (blocked, deleted, logged out elsewhere). */
  'session:revoked': (reason: string) => void;
  /**
   * A new chat message, to the receiver's sockets and to the sender's (other devices): the same
   * message may arrive again after a retry, so clients merge by id. The receiver's copy carries
   * `scamWarning` when the text looks like a scam.
   */
  'chat:message': (message: ChatMessage) => void;
  /** A participant read a conversation up to a message (to both participants). */
  'chat:read': (read: ChatRead) => void;
  /** The peer is typing in a shared conversation (relayed, never stored). */
  'chat:typing': (typing: ChatTyping) => void;
  /**
   * A hand in the area the socket watches (`meet:watch`) was raised or moved, as this viewer may
   * see it (snapped, offset, coarse distance). Clients upsert by userId.
   */
  'hand:update': (hand: HandCard) => void;
  /** A hand left the watched area: lowered, expired, ghosted, blocked or moved away. */
  'hand:remove': (removed: { userId: number }) => void;
  /**
   * The meeting with `peerId` changed for this user (progress, presence, a confirmation, a mint):
   * the whole view, as GET /api/meet/meetings/:peerId answers it.
   */
  'meeting:update': (update: { peerId: number; view: MeetingView }) => void;
  /** A mint with `peerId` finished (to both users). */
  'mint:result': (result: { peerId: number; result: MintResult }) => void;
  /** The admin monitor's live figures, to sockets that joined with 'monitor:watch'. */
  'monitor:figures': (figures: MonitorFigures) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check; the server answers with its clock. */
  ping: (ack: (serverTime: number) => void) => void;
  /** Join or leave the room that hears 'market:changed'. */
  'market:watch': (on: boolean) => void;
  /** The caller is typing; relayed to the other participant only. Send at most every few seconds. */
  'chat:typing': (typing: ChatTypingRequest) => void;
  /**
   * Watch hands around a point (the viewer's own position) within a radius, or stop with null.
   * Sending it again moves the area. The ack reports whether the area was accepted.
   */
  'meet:watch': (area: WatchArea | null, ack?: (ok: boolean) => void) => void;
  /** One precise fix for the meeting with a peer (MeetingFixEvent); the ack answers as the HTTP route. */
  'meeting:fix': (request: MeetingFixEvent, ack: (answer: MeetingFixAnswer) => void) => void;
  /** Admins: start or stop hearing 'monitor:figures'; the ack says whether the socket may. */
  'monitor:watch': (on: boolean, ack?: (ok: boolean) => void) => void;
}

export const userRoom = (userId: number) => `user:${userId}`;

export const MARKET_ROOM = 'market';
