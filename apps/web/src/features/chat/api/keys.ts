/**
 * Every chat query lives under ['chat']: a reconnect refetches the lot with one invalidation, and
 * logout clears them with the rest of the cache.
 */
export const CHAT_KEY = ['chat'] as const;
export const CONVERSATIONS_KEY = ['chat', 'conversations'] as const;
export const conversationKey = (id: number) => ['chat', 'conversation', id] as const;
export const messagesKey = (conversationId: number) => ['chat', 'messages', conversationId] as const;
export const UNREAD_KEY = ['chat', 'unread'] as const;
export const BLOCKS_KEY = ['chat', 'blocks'] as const;
