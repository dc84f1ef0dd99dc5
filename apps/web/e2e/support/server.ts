/**
 * The server the browser tests run against: the real start-up path (PGlite in a fresh temporary
 * DATA_DIR, migrations, the built web app) with a few users seeded first, whose tokens are written
 * to E2E_TOKENS_FILE for the specs. Mail goes over SMTP to a real SMTP server on loopback whose
 * messages are appended to E2E_MAIL_FILE, where the specs read the codes and links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../api/src/config';
import { createDatabase } from '../../../api/src/db/client';
import { chainStepRetries, treasuryPayouts, users } from '../../../api/src/db/schema';
import { createTokenService } from '../../../api/src/lib/jwt';
import { startSession } from '../../../api/src/modules/sessions/session-service';
import { startServer } from '../../../api/src/start-server';
import { PROVIDER_SIGN_IN_PATHS } from '@app/shared/schemas/provider-sign-in';
import { startSmtpInbox } from '../../../api/test/smtp-inbox';
import { plainTextOf } from './mail-text';
import type { SeededUsers } from './tokens';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const jwtSecret = 'e2e-secret-0123456789-0123456789-0123456789';
// Sign in with Apple against a real OpenID Connect provider on loopback (any login name works);
// loaded only by the server that uses it.
const oidcProvider = process.env.E2E_OIDC_PORT
  ? await (
      await import('../../../api/test/oidc-provider')
    ).startOidcProvider({
      port: Number(process.env.E2E_OIDC_PORT),
      redirectUri: `${process.env.PUBLIC_URL}${PROVIDER_SIGN_IN_PATHS.callback}`,
    })
  : undefined;
const oidcEnv = oidcProvider
  ? {
      OIDC_ISSUER: oidcProvider.issuer,
      OIDC_CLIENT_ID: oidcProvider.clientId,
      OIDC_CLIENT_SECRET: oidcProvider.clientSecret,
    }
  : {};
const mailFile = process.env.E2E_MAIL_FILE!;
fs.writeFileSync(mailFile, '');
const smtp = await startSmtpInbox();
let written = 0;
const flushMail = setInterval(() => {
  for (; written < smtp.messages.length; written++) {
    const { to, subject, raw } = smtp.messages[written]!;
    fs.appendFileSync(mailFile, `${JSON.stringify({ to, subject, text: plainTextOf(raw) })}\n`);
  }
}, 100);
const config = loadConfig({
  ...process.env,
  ...oidcEnv,
  SMTP_URL: smtp.url,
  DATA_DIR: dataDir,
  JWT_SECRET: jwtSecret,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
});

const database = await createDatabase({ dataDir });
await database.migrate(path.join(config.ROOT_DIR, 'apps/api/drizzle'));
const [member, admin] = await database.db
  .insert(users)
  .values([
    {
      email: 'member@example.com',
      firstName: 'Maria',
      lastName: 'Ivanova',
      domain: 'maria',
      gender: 1,
      birthday: new Date('1994-06-01T00:00:00Z'),
    },
    {
      email: 'admin@example.com',
      role: 'admin',
      firstName: 'Alex',
      lastName: 'Admin',
      domain: 'alex',
      gender: 0,
      birthday: new Date('1990-01-01T00:00:00Z'),
    },
  ])
  .returning();
const blocked = (
  await database.db.insert(users).values({ email: 'blocked@example.com', blockedAt: new Date() }).returning()
)[0]!;
// A treasury payout whose sends all failed, parked for an admin (control-monitor.spec.ts tries it
// again from the jobs screen, and the worker then sends it). Its purpose is nobody's: no module
// waits for its outcome, and its payee has no wallet row, so no balance changes.
const [payee] = await database.db.insert(users).values({ email: 'payee@example.com' }).returning();
const [parkedPayout] = await database.db
  .insert(treasuryPayouts)
  .values({ userId: payee!.id, amount: '1000000000000000', purpose: 'e2e-seed', refId: 1, status: 'REQUESTED' })
  .returning();
await database.db.insert(chainStepRetries).values({
  kind: 'payout',
  refId: parkedPayout!.id,
  tries: 10,
  nextAt: new Date(),
  lastError: 'e2e: fetch failed (ECONNREFUSED)',
  deadAt: new Date(),
});
const jwt = createTokenService(jwtSecret);
const signIn = (userId: number) => startSession(database.db, jwt, config.AUTH_TOKEN_TTL_SECONDS, userId);
const seeded: SeededUsers = {
  member: { id: member!.id, token: await signIn(member!.id) },
  memberElsewhere: { id: member!.id, token: await signIn(member!.id) },
  admin: { id: admin!.id, token: await signIn(admin!.id) },
  blocked: { id: blocked.id, token: await signIn(blocked.id) },
};
await database.close();
fs.writeFileSync(process.env.E2E_TOKENS_FILE!, JSON.stringify(seeded));

const { services } = await startServer(config, (app) => {
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  app.addHook('onClose', async () => oidcProvider?.close());
  app.addHook('onClose', async () => {
    clearInterval(flushMail);
    await smtp.close();
  });
});

// One job that failed for good, for the admin's jobs screen (control-monitor.spec.ts retries it): a
// monitor delivery of an event that no longer exists, which runs as a no-op when retried.
await services.database.executeSql(
  `insert into pgboss.job (name, data, output) values ('dead-letter', $1::jsonb, $2::jsonb)`,
  [
    JSON.stringify({ queue: 'event.monitor.registrations', data: { eventId: '00000000-0000-4000-8000-0000000000e2' } }),
    JSON.stringify({ message: 'e2e: the event store was unreachable' }),
  ],
);
