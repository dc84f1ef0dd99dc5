import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { outbox } from '../../db/schema';
import type { Database } from '../../db/client';
import { testConfig, TEST_JWT_SECRET } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { HIDDEN } from './mail-secrets';

/**
 * One-time codes reach the person's mailbox and nowhere else: not the outbox table, not the job,
 * and not the log outside development.
 */
interface Running {
  app: FastifyInstance;
  database: Database;
  log: string[];
  close(): Promise<void>;
}

async function start(env: Record<string, string>): Promise<Running> {
  const log: string[] = [];
  const database = await createTestDatabase();
  const config = testConfig({ LOG_LEVEL: 'info', ...env });
  const { app } = await buildApp(config, {
    database,
    jwtSecret: TEST_JWT_SECRET,
    logStream: { write: (line) => log.push(line) },
  });
  await app.ready();
  return {
    app,
    database,
    log,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const register = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/user/register', payload: { email, password: 'Secret1' } });

const storedMail = async (database: Database, to: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.to, to)))[0]!;

describe('with SMTP', () => {
  let smtp: SmtpInbox;
  let running: Running;
  beforeAll(async () => {
    smtp = await startSmtpInbox();
    running = await start({
      SMTP_URL: smtp.url,
      APP_ENV: 'production',
      KYC_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    });
  });
  afterAll(async () => {
    await running.close();
    await smtp.close();
  });

  it('mails the code but keeps no code in the outbox, the job or the log', async () => {
    const email = 'sealed@example.com';
    expect((await register(running.app, email)).statusCode).toBe(200);
    const code = await smtp.codeFor(email);
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe(`${code} is your Meet Nearby confirmation code`);

    await expect.poll(async () => (await storedMail(running.database, email)).sentAt).not.toBeNull();
    const row = await storedMail(running.database, email);
    for (const text of [row.subject, row.text, row.html]) {
      expect(text).not.toContain(code);
      expect(text).toContain(HIDDEN);
    }
    // The job's payload carries the code sealed, never in the clear.
    const { rows } = await running.database.executeSql(`select data::text as data from pgboss.job where name = $1`, [
      'mail.send',
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(running.log.join('\n')).not.toContain(code);
  });
});

describe('without SMTP', () => {
  it('shows the code in the log in development only', async () => {
    const development = await start({ APP_ENV: 'development' });
    const staging = await start({ APP_ENV: 'staging' });
    try {
      await register(development.app, 'dev@example.com');
      await register(staging.app, 'staging@example.com');
      const devLine = development.log.find((l) => l.includes('mail (no SMTP_URL'))!;
      const code = /(\d{6}) is your Meet Nearby confirmation code/.exec(devLine)![1]!;
      expect((await storedMail(development.database, 'dev@example.com')).text).not.toContain(code);

      const stagingLine = JSON.parse(staging.log.find((l) => l.includes('mail (no SMTP_URL'))!);
      expect(stagingLine.mail.subject).toBe(`${HIDDEN} is your Meet Nearby confirmation code`);
      expect(stagingLine.text).not.toMatch(/\d{6}/);
      expect((await storedMail(staging.database, 'staging@example.com')).text).not.toMatch(/\d{6}/);
    } finally {
      await development.close();
      await staging.close();
    }
  });
});
