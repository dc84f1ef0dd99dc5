import { z } from 'zod';
import { KYC_REVIEW_HOURS, KYC_STATUSES, ROLES, SALE_LEVELS } from '../constants';
import { MSG, withValues } from '../validation/messages';

/**
 * Identity verification (SPEC.md sections 2 /kyc and /control/kyc, 3 "KYC application", 4 "KYC",
 * 7 "KYC moderation"). The person's calls live under /api/kyc/application, the moderators' under
 * /api/kyc/moderate, the images under /api/media (album `kyc`).
 */

export const kycStatusSchema = z.enum(KYC_STATUSES, { error: MSG.invalidValue });
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** The level a moderator approves up to: the highest level the person may buy or mint. */
export const kycLevelSchema = z.enum(SALE_LEVELS, { error: MSG.invalidValue });
export type KycLevel = z.infer<typeof kycLevelSchema>;

/** The two photos of an attempt; a multipart upload names one of them in its `step` field. */
export const KYC_PHOTO_STEPS = ['document', 'selfie'] as const;
export const kycPhotoStepSchema = z.enum(KYC_PHOTO_STEPS, { error: MSG.invalidValue });
export type KycPhotoStep = z.infer<typeof kycPhotoStepSchema>;

/** Why an application was rejected: a fixed list, translated by the web app (`kyc.reasons.<code>`). */
export const KYC_REJECTION_REASONS = [
  'document_unreadable',
  'document_expired',
  'document_not_accepted',
  'selfie_mismatch',
  'code_missing',
  'underage',
  'duplicate_document',
  'suspected_fraud',
  'other',
] as const;
export const kycReasonSchema = z.enum(KYC_REJECTION_REASONS, { error: MSG.invalidValue });
export type KycReason = z.infer<typeof kycReasonSchema>;

/** The one-time code the person writes on paper and holds in the selfie. */
export const KYC_SELFIE_CODE_LENGTH = 6;
/** Photos whose shorter side is below this many pixels cannot be read and are refused. */
export const KYC_MIN_IMAGE_SIDE = 600;
/** Stored sizes of a KYC photo: the whole picture scaled to fit (never cropped, never upscaled). */
export const KYC_IMAGE_SIZES = { small: 320, medium: 1024, large: 2048 } as const;
/** How long a claim shows others that a moderator is looking at an application. */
export const KYC_CLAIM_MINUTES = 30;
export const KYC_COMMENT_MAX = 1000;
export const KYC_NOTE_MAX = 2000;
export { KYC_REVIEW_HOURS };

// --- The person's side: /api/kyc/application ----------------------------------------------------

/** todo: not done yet; done: uploaded (or submitted); waiting: with a moderator; the rest: decided. */
export const KYC_STEP_STATES = ['todo', 'done', 'waiting', 'approved', 'rejected'] as const;
export const kycStepStateSchema = z.enum(KYC_STEP_STATES);
export type KycStepState = z.infer<typeof kycStepStateSchema>;

/** What the screen asks of the person now. */
export const KYC_NEXT_ACTIONS = [
  'upload_document',
  'upload_selfie',
  'submit',
  'wait_review',
  'resubmit',
  'none',
  'contact_support',
] as const;
export const kycNextActionSchema = z.enum(KYC_NEXT_ACTIONS);
export type KycNextAction = z.infer<typeof kycNextActionSchema>;

export const kycPhotoSchema = z.object({
  mediaId: z.number().int(),
  /** `/api/media/kyc/{id}`; add `/small`, `/medium` or `/large` (small when left out). Needs the bearer token. */
  url: z.string(),
  uploadedAt: z.string(),
});
export type KycPhoto = z.infer<typeof kycPhotoSchema>;

export const kycPhotoStepViewSchema = z.object({
  state: kycStepStateSchema,
  /** Null before the upload, and once retention deleted the images. */
  photo: kycPhotoSchema.nullable(),
});

export const kycReviewStepViewSchema = z.object({
  state: kycStepStateSchema,
  submittedAt: z.string().nullable(),
  /** submittedAt + KYC_REVIEW_HOURS: the promise of SPEC.md section 9. */
  dueAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** One submission and its outcome; earlier attempts stay on record. */
export const kycAttemptSchema = z.object({
  number: z.number().int(),
  status: kycStatusSchema,
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reasonCode: kycReasonSchema.nullable(),
  moderatorComment: z.string().nullable(),
  /** A decision that took an approval back. */
  revocation: z.boolean(),
  /** Set when three confirmed meetings annulled this rejection: it no longer counts. */
  annulledAt: z.string().nullable(),
});
export type KycAttempt = z.infer<typeof kycAttemptSchema>;

export const kycApplicationSchema = z.object({
  /** Null until the person starts (POST /api/kyc/application); status is then draft. */
  id: z.number().int().nullable(),
  status: kycStatusSchema,
  version: z.number().int(),
  /** The code to write on paper and hold in the selfie; null once submitted or decided. */
  selfieCode: z.string().nullable(),
  steps: z.object({
    document: kycPhotoStepViewSchema,
    selfie: kycPhotoStepViewSchema,
    review: kycReviewStepViewSchema,
  }),
  attempts: z.array(kycAttemptSchema),
  /** Rejections that count toward the cap; after `maxAttempts` of them the next one is final. */
  rejections: z.number().int(),
  maxAttempts: z.number().int(),
  /** The moderator's comment of the latest decision (never the internal note). */
  moderatorComment: z.string().nullable(),
  reasonCode: kycReasonSchema.nullable(),
  /** Approved up to this level; null unless approved. */
  maxNftType: kycLevelSchema.nullable(),
  /** The latest decision took an approval back. */
  revoked: z.boolean(),
  /** Confirmed meetings still needed before a rejection is annulled (back to draft); null when not rejected. */
  meetingsUntilAnnulment: z.number().int().nullable(),
  nextAction: kycNextActionSchema,
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;

/** POST /api/kyc/application: starts (or returns) the current application. */
export const kycStartRequestSchema = z.object({
  /** The level the person wants to buy or mint (the market sends the one they tried); Gold by default. */
  level: kycLevelSchema.optional(),
});

/** POST /api/media multipart with album `kyc`: the text fields beside `files`. */
export const kycUploadFieldsSchema = z.object({
  album: z.literal('kyc', { error: MSG.invalidValue }),
  step: kycPhotoStepSchema,
  /** The application id; optional, the current one is meant either way. */
  targetId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
});

/** POST /api/kyc/application/submit: the version the person saw, so a stale screen cannot submit. */
export const kycSubmitRequestSchema = z.object({ version: z.number().int().min(0).optional() });

// --- The moderators' side: /api/kyc/moderate -----------------------------------------------------

/** GET /api/kyc/moderate/list {offset, limit, status, lastName}: oldest submission first. */
export const kycListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: kycStatusSchema.optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type KycListQuery = z.infer<typeof kycListQuerySchema>;

export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

export const kycListItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  domain: z.string().nullable(),
  status: kycStatusSchema,
  /** The level the person asked for; a moderator decides only up to their own level. */
  requestedNftType: kycLevelSchema,
  maxNftType: kycLevelSchema.nullable(),
  attemptNumber: z.number().int(),
  submittedAt: z.string().nullable(),
  /** Past KYC_REVIEW_HOURS since submission and still requested. */
  overdue: z.boolean(),
  claimedBy: staffRefSchema.nullable(),
  claimedUntil: z.string().nullable(),
  /** The same document image (perceptual hash) is on another account's application. */
  duplicate: z.boolean(),
  /** A final rejection or revocation waits for a second staff member. */
  awaitingConfirmation: z.boolean(),
  /** The caller's level allows deciding it. */
  canDecide: z.boolean(),
  version: z.number().int(),
});
export type KycListItem = z.infer<typeof kycListItemSchema>;

export const kycListSchema = z.object({ items: z.array(kycListItemSchema), total: z.number().int() });
export type KycList = z.infer<typeof kycListSchema>;

/** A decision waiting for the four-eyes confirmation. */
export const kycPendingDecisionSchema = z.object({
  status: kycStatusSchema,
  reasonCode: kycReasonSchema.nullable(),
  moderatorComment: z.string().nullable(),
  internalNote: z.string().nullable(),
  maxNftType: kycLevelSchema.nullable(),
  revocation: z.boolean(),
  proposedBy: staffRefSchema,
  proposedAt: z.string(),
});
export type KycPendingDecision = z.infer<typeof kycPendingDecisionSchema>;

/** An attempt as staff see it: with the internal note and who decided. */
export const kycStaffAttemptSchema = kycAttemptSchema.extend({
  internalNote: z.string().nullable(),
  decidedBy: staffRefSchema.nullable(),
  confirmedBy: staffRefSchema.nullable(),
  selfieCode: z.string().nullable(),
});
export type KycStaffAttempt = z.infer<typeof kycStaffAttemptSchema>;

export const kycDuplicateSchema = z.object({
  applicationId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  status: kycStatusSchema,
  /** Bits that differ between the two document hashes (0 = the same picture). */
  distance: z.number().int(),
});

export const kycDetailSchema = kycListItemSchema.extend({
  email: z.string(),
  surName: z.string().nullable(),
  birthday: z.string().nullable(),
  /** The code expected in the selfie of the current attempt. */
  selfieCode: z.string().nullable(),
  document: kycPhotoSchema.nullable(),
  selfie: kycPhotoSchema.nullable(),
  moderatorComment: z.string().nullable(),
  reasonCode: kycReasonSchema.nullable(),
  internalNote: z.string().nullable(),
  rejections: z.number().int(),
  maxAttempts: z.number().int(),
  attempts: z.array(kycStaffAttemptSchema),
  duplicates: z.array(kycDuplicateSchema),
  pendingDecision: kycPendingDecisionSchema.nullable(),
  /** When retention deleted the images (status and dates stay). */
  imagesDeletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycDetail = z.infer<typeof kycDetailSchema>;

/**
 * PATCH /api/kyc/moderate/{id} {status, moderatorComment, maxNftType} (SPEC.md) plus the reason, the
 * internal note and the version the moderator saw. `rejected` on an approved application is a
 * revocation. A final rejection and a revocation wait for a second staff member (POST .../confirm).
 */
export const kycDecisionRequestSchema = z.object({
  status: z.enum(['approved', 'rejected', 'rejected_forever'], { error: MSG.invalidValue }),
  moderatorComment: z
    .string()
    .trim()
    .max(KYC_COMMENT_MAX, { error: withValues(MSG.maxLength, { n: KYC_COMMENT_MAX }) })
    .optional(),
  /** Required to approve. */
  maxNftType: kycLevelSchema.optional(),
  /** Required to reject. */
  reasonCode: kycReasonSchema.optional(),
  /** Seen by staff only. */
  internalNote: z
    .string()
    .trim()
    .max(KYC_NOTE_MAX, { error: withValues(MSG.maxLength, { n: KYC_NOTE_MAX }) })
    .optional(),
  /** The version of the application the moderator decided on: a changed one is a KYC_VERSION_CONFLICT. */
  version: z.number().int().min(0),
});
export type KycDecisionRequest = z.infer<typeof kycDecisionRequestSchema>;

/** POST /api/kyc/moderate/{id}/confirm: a second staff member confirms (or discards) the waiting decision. */
export const kycConfirmRequestSchema = z.object({
  confirm: z.boolean(),
  version: z.number().int().min(0),
});

/** PUT /api/kyc/moderate/{id}/note: the internal note alone, without a decision. */
export const kycNoteRequestSchema = z.object({
  internalNote: z
    .string()
    .trim()
    .max(KYC_NOTE_MAX, { error: withValues(MSG.maxLength, { n: KYC_NOTE_MAX }) }),
});

// POST /api/kyc/moderate/{id}/claim and DELETE /api/kyc/moderate/{id}/claim take no body and answer kycDetailSchema.

// --- Staff: /api/kyc/moderators (admins) --------------------------------------------------------

export const staffMemberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** A moderator decides applications up to this level; admins decide every level (null). */
  level: kycLevelSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });

/** PUT /api/kyc/moderators/{userId}: make someone a moderator of a level, or a user again. */
export const staffDesignationRequestSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('moderator'), level: kycLevelSchema }),
  z.object({ role: z.literal('user') }),
]);
export type StaffDesignationRequest = z.infer<typeof staffDesignationRequestSchema>;
