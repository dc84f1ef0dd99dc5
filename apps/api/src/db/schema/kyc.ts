import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { media } from './media';
import { users } from './users';

/** A decision that waits for a second staff member (a final rejection or a revocation). */
export interface PendingKycDecision {
  status: 'rejected' | 'rejected_forever';
  reasonCode: string | null;
  moderatorComment: string | null;
  internalNote: string | null;
  revocation: boolean;
  proposedBy: number;
  proposedAt: string;
}

/**
 * A person's identity verification: one row per person, its submissions in kyc_attempts. `version`
 * grows with every change, so two moderators deciding at once cannot both win. `documentHash` is
 * the perceptual hash (64-bit dHash, hex) of the current document photo.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'requested', 'approved', 'rejected', 'rejected_forever'] })
      .notNull()
      .default('draft'),
    version: integer('version').notNull().default(0),
    /** The level the person asked for (NFT type): a moderator decides it only up to their own level. */
    requestedType: smallint('requested_type').notNull(),
    /** Approved up to this NFT type; null unless approved. */
    maxNftType: smallint('max_nft_type'),
    attemptNumber: integer('attempt_number').notNull().default(1),
    selfieCode: text('selfie_code'),
    documentMediaId: integer('document_media_id').references(() => media.id, { onDelete: 'set null' }),
    selfieMediaId: integer('selfie_media_id').references(() => media.id, { onDelete: 'set null' }),
    documentHash: text('document_hash'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reasonCode: text('reason_code'),
    moderatorComment: text('moderator_comment'),
    internalNote: text('internal_note'),
    revoked: boolean('revoked').notNull().default(false),
    /** Rejections that count toward KYC_MAX_ATTEMPTS. */
    rejections: integer('rejections').notNull().default(0),
    /** Confirmed meetings since the latest rejection; at KYC_REJECTION_MEETINGS the rejection is annulled. */
    meetingsSinceRejection: integer('meetings_since_rejection').notNull().default(0),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    pendingDecision: jsonb('pending_decision').$type<PendingKycDecision>(),
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_applications_user_unique').on(t.userId),
    index('kyc_applications_queue_idx').on(t.status, t.submittedAt),
    index('kyc_applications_document_hash_idx').on(t.documentHash),
  ],
);

/**
 * Each submission and its decision; a revocation is a row of its own. Earlier attempts keep their
 * photos until retention deletes them.
 */
export const kycAttempts = pgTable(
  'kyc_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => kycApplications.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'rejected_forever'] }).notNull(),
    documentMediaId: integer('document_media_id').references(() => media.id, { onDelete: 'set null' }),
    selfieMediaId: integer('selfie_media_id').references(() => media.id, { onDelete: 'set null' }),
    documentHash: text('document_hash'),
    selfieCode: text('selfie_code'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    maxNftType: smallint('max_nft_type'),
    reasonCode: text('reason_code'),
    moderatorComment: text('moderator_comment'),
    internalNote: text('internal_note'),
    revocation: boolean('revocation').notNull().default(false),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_attempts_application_idx').on(t.applicationId, t.id)],
);

/** A moderator's level: they decide applications up to it (SPEC.md: early users of the matching level). */
export const staffLevels = pgTable('staff_levels', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: smallint('level').notNull(),
  grantedBy: integer('granted_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only record of staff actions and of every staff view of a document (a trigger refuses
 * updates and deletes). Actor and target are plain ids, no foreign keys: the record outlives them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    /** The actor's role when acting: a later role change does not rewrite who did what as what. */
    actorRole: text('actor_role'),
    requestId: text('request_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
