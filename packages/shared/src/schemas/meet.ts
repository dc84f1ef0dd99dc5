import { z } from 'zod';
import { NFT_LEVELS, SALE_LEVELS } from '../constants';
import { MSG } from '../validation/messages';
import { distanceBucketSchema, publicPositionSchema } from './meet-privacy';

/**
 * The meet-and-play contract (PRODUCT.md "Meetings and minting"): raised hands on the live map,
 * meetings between two users, and minting. Live events are in ../socket-events.
 *
 * Nothing here carries another user's exact position or distance: the server sends positions
 * snapped and offset per viewer (meet-privacy.ts) and distances as coarse buckets.
 */

export const MOODS = ['romantic', 'business', 'chat'] as const;
export type Mood = (typeof MOODS)[number];
export const moodSchema = z.enum(MOODS, { error: MSG.invalidValue });

/** A raised hand drops by itself after one of these. */
export const HAND_DURATIONS_HOURS = [1, 3, 8] as const;
export type HandDurationHours = (typeof HAND_DURATIONS_HOURS)[number];
export const HAND_NOTE_MAX_LENGTH = 140;

/** How far the map and the list look, at most (the viewer's own choice below that). */
export const NEARBY_MAX_RADIUS_METERS = 50_000;
export const NEARBY_DEFAULT_RADIUS_METERS = 10_000;
export const NEARBY_MAX_LIMIT = 200;
export const NEARBY_DEFAULT_LIMIT = 100;

const latitude = z
  .number({ error: MSG.invalidValue })
  .min(-90, { error: MSG.invalidValue })
  .max(90, { error: MSG.invalidValue });
const longitude = z
  .number({ error: MSG.invalidValue })
  .min(-180, { error: MSG.invalidValue })
  .max(180, { error: MSG.invalidValue });
/** Device-reported accuracy radius in metres (the Geolocation API's `coords.accuracy`). */
const accuracy = z
  .number({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(100_000, { error: MSG.invalidValue });
const coordLat = z.coerce
  .number({ error: MSG.invalidValue })
  .min(-90, { error: MSG.invalidValue })
  .max(90, { error: MSG.invalidValue });
const coordLng = z.coerce
  .number({ error: MSG.invalidValue })
  .min(-180, { error: MSG.invalidValue })
  .max(180, { error: MSG.invalidValue });

/** The caller's own position: theirs to send exactly, never echoed to anyone else. */
export const ownPositionSchema = z.object({ lat: latitude, lng: longitude, accuracy: accuracy.optional() });
export type OwnPosition = z.infer<typeof ownPositionSchema>;

// --- Raised hands ---------------------------------------------------------------------------------

/** PUT /api/meet/hand: raise (or change) the caller's hand at their current position. */
export const raiseHandRequestSchema = z.object({
  mood: moodSchema,
  note: z
    .string()
    .trim()
    .max(HAND_NOTE_MAX_LENGTH, { error: MSG.invalidValue })
    .refine((v) => !v.includes('\u0000'), { error: MSG.invalidValue })
    .optional(),
  durationHours: z.union([z.literal(1), z.literal(3), z.literal(8)], { error: MSG.invalidValue }),
  position: ownPositionSchema,
});
export type RaiseHandRequest = z.input<typeof raiseHandRequestSchema>;

/** The caller's own hand as they see it. */
export const myHandSchema = z.object({
  mood: moodSchema,
  note: z.string().nullable(),
  durationHours: z.number().int(),
  raisedAt: z.string(),
  expiresAt: z.string(),
});
export type MyHand = z.infer<typeof myHandSchema>;

/** GET /api/meet/hand: the caller's hand (null when lowered) and their ghost switch. */
export const myHandStateSchema = z.object({ hand: myHandSchema.nullable(), ghost: z.boolean() });
export type MyHandState = z.infer<typeof myHandStateSchema>;

/** PUT /api/meet/ghost: ghost mode hides the caller from everyone, hand raised or not. */
export const ghostRequestSchema = z.object({ ghost: z.boolean({ error: MSG.invalidValue }) });

/** POST /api/meet/position: the caller moved (while the map is open); moves their hand if raised. */
export const positionUpdateRequestSchema = ownPositionSchema;
/** Its answer: false when the update was ignored (it implied moving faster than 300 m/s). */
export const positionUpdateResultSchema = z.object({ accepted: z.boolean() });
export type PositionUpdateResult = z.infer<typeof positionUpdateResultSchema>;

/** What anyone may see of a user next to their hand: the public profile, never contacts. */
export const handCardSchema = z.object({
  userId: z.number().int(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  age: z.number().int().nullable(),
  avatar: z.string().nullable(),
  mood: moodSchema,
  note: z.string().nullable(),
  /** Levels of the tokens the user holds (badges). */
  levels: z.array(z.enum(NFT_LEVELS)),
  /** KYC approved: the blue checkmark. */
  verified: z.boolean(),
  /** Snapped to the ~100 m grid with this viewer's offset. */
  position: publicPositionSchema,
  distance: distanceBucketSchema,
  expiresAt: z.string(),
});
export type HandCard = z.infer<typeof handCardSchema>;

/** GET /api/meet/nearby?lat&lng&radius&mood&level&limit: hands near the viewer, nearest first. */
export const nearbyQuerySchema = z.object({
  lat: coordLat,
  lng: coordLng,
  radius: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .min(100, { error: MSG.invalidValue })
    .max(NEARBY_MAX_RADIUS_METERS, { error: MSG.invalidValue })
    .default(NEARBY_DEFAULT_RADIUS_METERS),
  mood: moodSchema.optional(),
  /** Only users holding a token of this level. */
  level: z.enum(NFT_LEVELS, { error: MSG.invalidValue }).optional(),
  limit: z.coerce.number().int().min(1).max(NEARBY_MAX_LIMIT).default(NEARBY_DEFAULT_LIMIT),
});
export type NearbyQuery = z.input<typeof nearbyQuerySchema>;

export const nearbyListSchema = z.object({ items: z.array(handCardSchema) });
export type NearbyList = z.infer<typeof nearbyListSchema>;

/** GET /api/meet/hands/:userId?lat&lng: one raised hand as this viewer sees it (404 when gone). */
export const handParamsSchema = z.object({ userId: z.coerce.number({ error: MSG.invalidValue }).int().positive() });
export const handQuerySchema = z.object({ lat: coordLat, lng: coordLng });

/** Socket `meet:watch`: the area the viewer looks at (their own position and a radius); null stops. */
export const watchAreaSchema = z.object({
  lat: latitude,
  lng: longitude,
  radius: z.number().int().min(100).max(NEARBY_MAX_RADIUS_METERS),
});
export type WatchArea = z.infer<typeof watchAreaSchema>;

// --- Meetings -------------------------------------------------------------------------------------

/** Precise positions go in while both have the meeting screen open, every few seconds. */
export const MEETING_POSITION_INTERVAL_MS = 5_000;
/** A confirmation code on screen changes this often. */
export const MEETING_CODE_ROTATION_SECONDS = 30;
/** The short code a user may type instead of scanning: this many characters of MEETING_CODE_ALPHABET. */
export const MEETING_CODE_LENGTH = 6;
/** No 0/O, 1/I/L: easy to read aloud and type. */
export const MEETING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const meetingParamsSchema = z.object({ peerId: z.coerce.number({ error: MSG.invalidValue }).int().positive() });

/** POST /api/meet/meetings/:peerId/position: one precise fix of the caller's device. */
export const meetingFixRequestSchema = z.object({
  lat: latitude,
  lng: longitude,
  accuracy,
  /** When the device took the fix (epoch ms, the Geolocation API's `timestamp`). */
  at: z.number({ error: MSG.invalidValue }).int().positive(),
});
export type MeetingFixRequest = z.infer<typeof meetingFixRequestSchema>;

/** POST /api/meet/meetings/:peerId/confirm: the code shown on the peer's screen (scanned or typed). */
export const meetingConfirmRequestSchema = z.object({
  code: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[${MEETING_CODE_ALPHABET}]{${MEETING_CODE_LENGTH}}$`), { error: MSG.invalidValue }),
});

export const MEETING_STATUSES = ['idle', 'together', 'apart', 'met'] as const;

/** Live progress, the same for both users: no positions, no distance. */
export const meetingProgressSchema = z.object({
  status: z.enum(MEETING_STATUSES),
  minutesTogether: z.number().int(),
  requiredMinutes: z.number().int(),
  progressMs: z.number().int(),
  requiredMs: z.number().int(),
  metAt: z.string().nullable(),
});
export type MeetingProgress = z.infer<typeof meetingProgressSchema>;

/** The code this user shows for the peer to scan; `qr` is the text the QR code encodes. */
export const meetingCodeSchema = z.object({ code: z.string(), qr: z.string(), expiresAt: z.string() });

export const RESTRICTION_REASONS = ['shared_device', 'impossible_movement'] as const;
export const restrictionSchema = z.object({
  reason: z.enum(RESTRICTION_REASONS),
  until: z.string(),
  remainingMs: z.number().int(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

/** Each condition of a mint, shown as met or not, with the why. */
export const MINT_REQUIREMENTS = [
  'met',
  'confirmed',
  'sameLevel',
  'heldLongEnough',
  'kyc',
  'pairNotMinted',
  'notRestricted',
] as const;
export type MintRequirementKey = (typeof MINT_REQUIREMENTS)[number];
export const mintRequirementSchema = z.object({
  key: z.enum(MINT_REQUIREMENTS),
  met: z.boolean(),
  /** A locale key (meeting.requirements.<key>.<reason>) saying why not, with values. */
  reason: z.string().nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type MintRequirement = z.infer<typeof mintRequirementSchema>;

export const MINT_OUTCOMES = ['success', 'failure', 'technical_failure'] as const;
export const mintResultSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(MINT_OUTCOMES),
  level: z.enum(SALE_LEVELS),
  /** The published chance the draw used (0..1). */
  chance: z.number(),
  /** The new token, listed for sale (or handed to the head of the queue), on success. */
  nftId: z.number().int().nullable(),
  transactionId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type MintResult = z.infer<typeof mintResultSchema>;

/** GET /api/meet/meetings/:peerId: everything the meeting and mint screen shows. */
export const meetingViewSchema = z.object({
  peer: z.object({
    id: z.number().int(),
    domain: z.string().nullable(),
    firstName: z.string().nullable(),
    avatar: z.string().nullable(),
    levels: z.array(z.enum(NFT_LEVELS)),
    verified: z.boolean(),
  }),
  progress: meetingProgressSchema,
  /** Whether the peer has the meeting screen open and sent a fix recently. */
  peerPresent: z.boolean(),
  myCode: meetingCodeSchema,
  confirmedByMe: z.boolean(),
  confirmedByPeer: z.boolean(),
  /** The level a mint would be of: the highest level both hold, or null. */
  mintLevel: z.enum(SALE_LEVELS).nullable(),
  /** The published chance (0..1) of a mint at mintLevel; null without a level. */
  mintChance: z.number().nullable().optional(),
  requirements: z.array(mintRequirementSchema),
  canMint: z.boolean(),
  restriction: restrictionSchema.nullable(),
  lastMint: mintResultSchema.nullable(),
});
export type MeetingView = z.infer<typeof meetingViewSchema>;

/** GET /api/meet/meetings/chances: the published chance (0..1) of a mint per level. */
export const mintChancesSchema = z.object({
  levels: z.array(z.object({ level: z.enum(SALE_LEVELS), chance: z.number() })),
});
export type MintChances = z.infer<typeof mintChancesSchema>;

/** PATCH /api/crypto/nft/mint (SPEC.md section 7): mint with the user the caller met. */
export const mintRequestSchema = z.object({ userId: z.number({ error: MSG.invalidValue }).int().positive() });
export type MintRequest = z.infer<typeof mintRequestSchema>;
