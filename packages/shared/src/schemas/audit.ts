import { z } from 'zod';
import { MSG, withValues } from '../validation/messages';

/** The audit log (/control/audit): every staff action, append-only, filtered and paged on the server. */

export const auditQuerySchema = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    /** A staff member's id or e-mail address. */
    actor: z
      .string()
      .trim()
      .max(254, { error: withValues(MSG.maxLength, { n: 254 }) })
      .optional(),
    /** An action, or its prefix ending in a dot ('kyc.' is every KYC action). */
    action: z
      .string()
      .trim()
      .max(64, { error: withValues(MSG.maxLength, { n: 64 }) })
      .optional(),
    targetType: z
      .string()
      .trim()
      .max(64, { error: withValues(MSG.maxLength, { n: 64 }) })
      .optional(),
    targetId: z
      .string()
      .trim()
      .max(64, { error: withValues(MSG.maxLength, { n: 64 }) })
      .optional(),
    from: z.iso.datetime({ offset: true, error: MSG.invalidValue }).optional(),
    to: z.iso.datetime({ offset: true, error: MSG.invalidValue }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { error: MSG.invalidValue, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ total: z.number().int(), entries: z.array(auditEntrySchema) });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_PATHS = { list: '/control/audit' } as const;
