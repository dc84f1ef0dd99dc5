import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { SecretBox } from '../../lib/secret-box';
import { renderMail, type MailTemplate } from './templates';
import { splitSecrets, withSecrets } from './mail-secrets';

export interface SendMail {
  to: string;
  locale: Locale;
  template: MailTemplate;
  replyTo?: string;
}

export interface Mailer {
  send(mail: SendMail): Promise<void>;
  close(): void;
}

export const MAIL_JOB = 'mail.send';

interface MailJob {
  id: number;
  replyTo?: string;
  /** The template's values without its secrets. */
  values?: Record<string, unknown>;
  /** The secrets (codes, confirmation links), sealed with the server's key. */
  sealed?: string;
}

/**
 * Every mail is written to the outbox first, without its secrets (one-time codes, confirmation
 * links): the row shows them hidden. With SMTP_URL a durable job then renders the mail again with
 * the secrets, which travel sealed in the job, sends it (retried with backoff while the server is
 * away) and records the result; a mail the job already sent is never sent again. Without SMTP_URL
 * the mail goes to the log, with its secrets only when `logSecrets` (APP_ENV=development), so
 * `npm start` works offline and a developer can read codes there.
 */
export async function createMailer(opts: {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  secretBox: SecretBox;
  logSecrets: boolean;
}): Promise<Mailer> {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  await opts.jobs.define<MailJob>(
    MAIL_JOB,
    async ({ id, replyTo, values, sealed }) => {
      const [row] = await opts.db.select().from(outbox).where(eq(outbox.id, id));
      if (!row || row.sentAt || !transport) return;
      const mail = values
        ? renderMail(
            withSecrets(row.template, values, sealed ? JSON.parse(opts.secretBox.open(sealed)) : {}),
            row.locale as Locale,
          )
        : row;
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        opts.log.error({ err: error, mailId: id }, 'sending mail failed, retrying');
        await opts.db
          .update(outbox)
          .set({ error: (error as Error).message.slice(0, 500) })
          .where(eq(outbox.id, id));
        throw error;
      }
      await opts.db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
    },
    // About a day of retries (2 s doubling, capped by the queue) before the dead letters.
    { retryLimit: 12, retryDelaySeconds: 2, concurrency: 2 },
  );

  return {
    async send({ to, locale, template, replyTo }) {
      const { masked, secrets } = splitSecrets(template);
      const stored = renderMail(masked, locale);
      const [row] = await opts.db
        .insert(outbox)
        .values({ to, locale, template: template.name, ...stored })
        .returning({ id: outbox.id });
      if (!transport) {
        const shown = opts.logSecrets ? renderMail(template, locale) : stored;
        opts.log.info(
          { mail: { id: row!.id, to, subject: shown.subject }, text: shown.text },
          'mail (no SMTP_URL: not sent)',
        );
        return;
      }
      const hasSecrets = Object.keys(secrets).length > 0;
      const job: MailJob = {
        id: row!.id,
        ...(replyTo && { replyTo }),
        values: masked.values as Record<string, unknown>,
        ...(hasSecrets && { sealed: opts.secretBox.seal(JSON.stringify(secrets)) }),
      };
      await opts.jobs.send(MAIL_JOB, job, { dedupeKey: `mail-${row!.id}` });
    },
    close() {
      transport?.close();
    },
  };
}
