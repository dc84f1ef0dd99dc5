import fs from 'node:fs';
import { expect } from '@playwright/test';
import { E2E } from './env';

interface Mail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
}

function readMails(port: number): Mail[] {
  const file = E2E.mailFile(port);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail);
}

export function mailsTo(email: string, port = E2E.port): Mail[] {
  return readMails(port).filter((m) => m.to.includes(email.toLowerCase()));
}

/** Waits for the `nth` mail (1-based) to an address and reads the 6-digit code from its subject. */
export async function codeFromMail(email: string, nth = 1, port = E2E.port): Promise<string> {
  await expect.poll(() => mailsTo(email, port).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(nth);
  return /\b(\d{6})\b/.exec(mailsTo(email, port)[nth - 1]!.subject)![1]!;
}

/** Waits for a mail to an address with a link to `path` on the site and answers the link. */
export async function linkFromMail(email: string, path: string, port = E2E.port): Promise<URL> {
  const find = () =>
    mailsTo(email, port)
      .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
      .map((link) => new URL(link))
      .find((url) => url.pathname === path);
  await expect.poll(() => Boolean(find()), { timeout: 15_000 }).toBe(true);
  return find()!;
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;
