import type { MailTemplate } from './templates';

/**
 * Template values that are secrets: one-time codes and links that act without a password. They
 * never reach the outbox table; a stored mail shows HIDDEN in their place.
 */
const SECRET_KEYS: ReadonlySet<string> = new Set(['code', 'confirmUrl']);
export const HIDDEN = '••••••';

export interface SplitTemplate {
  /** The template with every secret replaced by HIDDEN: what the outbox and the log may keep. */
  masked: MailTemplate;
  /** The secrets by value name; empty when the mail has none. */
  secrets: Record<string, string>;
}

export function splitSecrets(template: MailTemplate): SplitTemplate {
  const values: Record<string, unknown> = { ...template.values };
  const secrets: Record<string, string> = {};
  for (const key of Object.keys(values)) {
    if (SECRET_KEYS.has(key) && typeof values[key] === 'string') {
      secrets[key] = values[key];
      values[key] = HIDDEN;
    }
  }
  return { masked: { ...template, values } as MailTemplate, secrets };
}

/** The template again with its secrets put back (for the send itself). */
export function withSecrets(name: string, values: Record<string, unknown>, secrets: Record<string, string>) {
  return { name, values: { ...values, ...secrets } } as MailTemplate;
}
