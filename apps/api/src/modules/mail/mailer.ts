import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { renderMail, type MailTemplate } from './templates';

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

/**
 * Every mail is written to the outbox first. With SMTP_URL a durable job then sends it, retried
 * with backoff while the server is away, and the row records the result; a mail the job already
 * sent is never sent again. Without SMTP_URL the mail goes to the log, so `npm start` works offline
 * and a developer can read codes there.
 */
export async function createMailer(opts: {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Promise<Mailer> {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  await opts.jobs.define<{ id: number; replyTo?: string }>(
    MAIL_JOB,
    async ({ id, replyTo }) => {
      const [row] = await opts.db.select().from(outbox).where(eq(outbox.id, id));
      if (!row || row.sentAt || !transport) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          replyTo,
          subject: row.subject,
          text: row.text,
          html: row.html,
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
      const rendered = renderMail(template, locale);
      const [row] = await opts.db
        .insert(outbox)
        .values({ to, locale, template: template.name, ...rendered })
        .returning({ id: outbox.id });
      if (!transport) {
        opts.log.info(
          { mail: { id: row!.id, to, subject: rendered.subject }, text: rendered.text },
          'mail (no SMTP_URL: not sent)',
        );
        return;
      }
      await opts.jobs.send(MAIL_JOB, { id: row!.id, ...(replyTo && { replyTo }) }, { dedupeKey: `mail-${row!.id}` });
    },
    close() {
      transport?.close();
    },
  };
}
