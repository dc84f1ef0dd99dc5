import { z } from 'zod';
import { MSG } from '../validation/messages';
import { maxLengthMessage, requiredText } from '../validation/rules';
import { SCAM_WARNINGS } from '../scam-detector';

/**
 * The chat and report contract (PRODUCT.md "Meetings and minting": messaging). One-to-one
 * conversations, messages with a client-made id (a retry never stores a double), read receipts,
 * blocks and reports. Live events are in ../socket-events.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_PAGE_MAX = 50;
export const MESSAGE_PAGE_DEFAULT = 30;
export const REPORT_COMMENT_MAX_LENGTH = 1000;
export const REPORT_NOTE_MAX_LENGTH = 1000;

const id = z.number().int().positive();
const idParam = z.coerce
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.invalidValue });
/** PostgreSQL text cannot hold NUL characters; refuse them as invalid input rather than fail later. */
const noNul = (value: string) => !value.includes('\u0000');

export const scamWarningSchema = z.enum(SCAM_WARNINGS);

/** What a chat shows of the other user: the public profile's name and picture (never contacts). */
export const chatPeerSchema = z.object({
  id: z.number().int(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  /** KYC approved: the blue checkmark beside the name. */
  verified: z.boolean(),
});
export type ChatPeer = z.infer<typeof chatPeerSchema>;

// --- Messages --------------------------------------------------------------------------------------

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  /** The sender's own id for the message: a retry with it returns this message. */
  clientMessageId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Present for the receiver only, when the text looks like a scam (see ../scam-detector). */
  scamWarning: z.array(scamWarningSchema).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageRequestSchema = z.object({
  /** A UUID made by the client once per message, reused on every retry of that message. */
  clientMessageId: z.uuid({ error: MSG.invalidValue }).toLowerCase(),
  text: requiredText(MESSAGE_MAX_LENGTH).refine(noNul, { error: MSG.invalidValue }),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** GET .../messages?before=<message id>&limit=: newest first, older pages by `before`. */
export const messageListQuerySchema = z.object({
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageListSchema = z.object({
  items: z.array(chatMessageSchema),
  /** The `before` of the next (older) page, or null when this page reaches the first message. */
  nextBefore: z.number().int().nullable(),
});
export type MessageList = z.infer<typeof messageListSchema>;

// --- Conversations -----------------------------------------------------------------------------------

export const startConversationRequestSchema = z.object({ userId: id });
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  peer: chatPeerSchema,
  lastMessage: chatMessageSchema.nullable(),
  /** Messages from the peer the caller has not read. */
  unread: z.number().int(),
  /** The newest message the caller has read (0 for none). */
  lastReadMessageId: z.number().int(),
  /** The newest message the peer has read: the caller's messages up to it show as read. */
  peerLastReadMessageId: z.number().int(),
  /** Blocked either way: no messages can be sent. */
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** The caller's conversations that have messages, the most recent first. */
export const conversationListSchema = z.object({ items: z.array(conversationSchema), total: z.number().int() });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationParamsSchema = z.object({ id: idParam });

export const unreadSchema = z.object({ total: z.number().int() });
export type Unread = z.infer<typeof unreadSchema>;

export const readRequestSchema = z.object({ upToMessageId: id });
export type ReadRequest = z.infer<typeof readRequestSchema>;

export const readResultSchema = z.object({
  conversationId: z.number().int(),
  lastReadMessageId: z.number().int(),
  /** Still unread in this conversation, and in all of the caller's conversations. */
  unread: z.number().int(),
  total: z.number().int(),
});
export type ReadResult = z.infer<typeof readResultSchema>;

// --- Blocks ------------------------------------------------------------------------------------------

export const userParamsSchema = z.object({ userId: idParam });

export const blockSchema = z.object({ user: chatPeerSchema, createdAt: z.string() });
export type Block = z.infer<typeof blockSchema>;
export const blockListSchema = z.object({ items: z.array(blockSchema) });
export type BlockList = z.infer<typeof blockListSchema>;

// --- Reports -----------------------------------------------------------------------------------------

export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'fake', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** ASSIGNED: a staff member took the report (it leaves the open queue, still undecided). */
export const REPORT_STATUSES = ['OPEN', 'ASSIGNED', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportRequestSchema = z.object({
  userId: id,
  reason: z.enum(REPORT_REASONS, { error: MSG.invalidValue }),
  comment: z
    .string()
    .trim()
    .max(REPORT_COMMENT_MAX_LENGTH, { error: maxLengthMessage(REPORT_COMMENT_MAX_LENGTH) })
    .refine(noNul, { error: MSG.invalidValue })
    .optional(),
  /** The message that shows the problem: it must be in a conversation of the reporter, from `userId`. */
  messageId: id.optional(),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** What the reporter gets back. */
export const reportCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** A report as admins and moderators see it. */
export const reportSchema = z.object({
  id: z.number().int(),
  reporter: chatPeerSchema,
  user: chatPeerSchema,
  reason: z.enum(REPORT_REASONS),
  comment: z.string().nullable(),
  message: z.object({ id: z.number().int(), text: z.string(), createdAt: z.string() }).nullable(),
  status: z.enum(REPORT_STATUSES),
  note: z.string().nullable(),
  resolvedBy: z.number().int().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The staff member who took it (ASSIGNED, or decided after taking it). */
  assignedTo: z.number().int().nullable(),
  assignedAt: z.string().nullable(),
  /** Reports about the same person still waiting (OPEN or ASSIGNED): the queue puts the most first. */
  openReportsOnUser: z.number().int(),
  /** The reported person's account is blocked by staff. */
  userBlocked: z.boolean(),
  /** The reported message with a few messages before and after it in its conversation, oldest first. */
  context: z.array(
    z.object({ id: z.number().int(), senderId: z.number().int(), text: z.string(), createdAt: z.string() }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /report/list {offset, limit, status} (SPEC.md section 7). */
export const reportListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(REPORT_STATUSES).optional(),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;
export const reportListSchema = z.object({ items: z.array(reportSchema), total: z.number().int() });
export type ReportList = z.infer<typeof reportListSchema>;

export const reportParamsSchema = z.object({ id: idParam });

export const resolveReportRequestSchema = z.object({
  status: z.enum(['RESOLVED', 'DISMISSED'], { error: MSG.invalidValue }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, { error: maxLengthMessage(REPORT_NOTE_MAX_LENGTH) })
    .refine(noNul, { error: MSG.invalidValue })
    .optional(),
});
export type ResolveReportRequest = z.input<typeof resolveReportRequestSchema>;

// --- Live events (see ../socket-events) ---------------------------------------------------------------

/** 'chat:read': `userId` read the conversation up to `lastReadMessageId`. */
export interface ChatRead {
  conversationId: number;
  userId: number;
  lastReadMessageId: number;
}

/** 'chat:typing' from the client: the caller is typing in a conversation. */
export interface ChatTypingRequest {
  conversationId: number;
}

/** 'chat:typing' from the server: the peer is typing. */
export interface ChatTyping {
  conversationId: number;
  userId: number;
}

/** The push item text of a new message: a locale key with values {from, conversationId}. */
export const NEW_MESSAGE_NOTIFICATION = 'notifications.newMessage';
