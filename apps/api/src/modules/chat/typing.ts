import { eq } from 'drizzle-orm';
import type { ChatTypingRequest } from '@app/shared/schemas/chat';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import { isBlockedEitherWay } from '../people/blocks';
import type { Emit } from './service';

/** Conversations whose pair is remembered; a pair never changes, so entries never go stale. */
const PAIR_CACHE_SIZE = 10_000;
/** One relayed typing event per user and conversation in this window; clients repeat every few seconds. */
const TYPING_THROTTLE_MS = 1000;

/**
 * The socket's 'chat:typing': relayed to the other participant of the conversation, and only when
 * the sender is a participant and neither blocked the other. Nothing is stored; bad input is dropped.
 */
export function createTypingRelay(deps: { db: Db; emit: Emit; log: { warn(obj: object, msg: string): void } }) {
  const pairs = new Map<number, readonly [number, number]>();
  const lastRelayed = new Map<string, number>();

  async function pairOf(conversationId: number) {
    const cached = pairs.get(conversationId);
    if (cached) return cached;
    const [row] = await deps.db
      .select({ low: conversations.userLowId, high: conversations.userHighId })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .limit(1);
    if (!row) return undefined;
    if (pairs.size >= PAIR_CACHE_SIZE) pairs.delete(pairs.keys().next().value!);
    const pair = [row.low, row.high] as const;
    pairs.set(conversationId, pair);
    return pair;
  }

  async function relay(userId: number, conversationId: number) {
    const pair = await pairOf(conversationId);
    if (!pair || !pair.includes(userId)) return;
    const peerId = pair[0] === userId ? pair[1] : pair[0];
    if (await isBlockedEitherWay(deps.db, userId, peerId)) return;
    deps.emit(peerId, 'chat:typing', { conversationId, userId });
  }

  return (userId: number, typing: ChatTypingRequest | undefined): void => {
    const conversationId = typing?.conversationId;
    if (
      typeof conversationId !== 'number' ||
      !Number.isSafeInteger(conversationId) ||
      conversationId <= 0 ||
      conversationId > 2_147_483_647
    )
      return;
    const key = `${userId}:${conversationId}`;
    const now = Date.now();
    if (now - (lastRelayed.get(key) ?? 0) < TYPING_THROTTLE_MS) return;
    if (lastRelayed.size >= PAIR_CACHE_SIZE) lastRelayed.clear();
    lastRelayed.set(key, now);
    relay(userId, conversationId).catch((err: unknown) => deps.log.warn({ err }, 'chat typing relay failed'));
  };
}
