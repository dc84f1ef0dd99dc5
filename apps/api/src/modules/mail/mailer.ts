import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { AppError } from '../../lib/app-error';
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

/**
 * Every mail is written to the outbox first. With SMTP_URL it is then sent and the row records
 * the result; without it the mail goes to the log, so `npm start` works offline and a developer
 * can read codes there.
 */
export function createMailer(opts: { db: Db; log: FastifyBaseLogger; smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  return {
    async send({ to, locale, template, replyTo }) {
      const rendered = renderMail(template, locale);
      const [row] = await opts.db
        .insert(outbox)
        .values({ to, locale, template: template.name, ...rendered })
        .returning({ id: outbox.id });
      if (!transport) {
        opts.log.info({ mail: { id: row!.id, to, subject: rendered.subject }, text: rendered.text }, 'mail (no SMTP_URL: not sent)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to, replyTo, subject: rendered.subject, text: rendered.text, html: rendered.html });
        await opts.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (error) {
        opts.log.error({ err: error, mailId: row!.id }, 'sending mail failed');
        await opts.db.update(outbox).set({ error: (error as Error).message.slice(0, 500) }).where(eq(outbox.id, row!.id));
        throw new AppError('SERVICE_UNAVAILABLE');
      }
    },
    close() {
      transport?.close();
    },
  };
}
