import { escapeHtml } from '@app/shared/format/escape-html';
import type { Locale } from '@app/shared/constants';
import type { MailTemplate } from './mail-template';
import { kycMail } from './kyc-templates';
import { warningMail } from './warning-template';
import { securityMail } from './security-templates';

export type { MailTemplate };

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** Russian minutes: 1 минута, 2 минуты, 5 минут. */
const minutesRu = (n: number) => {
  const rule = new Intl.PluralRules('ru').select(n);
  return `${n} ${rule === 'one' ? 'минуту' : rule === 'few' ? 'минуты' : 'минут'}`;
};

type CodePurpose = 'verify_email' | 'recovery' | 'step_up';
const CODE_SUBJECT: Record<CodePurpose, { en: string; ru: string }> = {
  verify_email: { en: 'is your Meet Nearby confirmation code', ru: '— код подтверждения Meet Nearby' },
  recovery: { en: 'is your Meet Nearby password reset code', ru: '— код для восстановления пароля Meet Nearby' },
  step_up: { en: 'is your Meet Nearby security code', ru: '— код безопасности Meet Nearby' },
};
const CODE_LEAD: Record<CodePurpose, { en: string; ru: string }> = {
  verify_email: {
    en: 'Enter this code to confirm your e-mail address:',
    ru: 'Введите этот код, чтобы подтвердить адрес e-mail:',
  },
  recovery: { en: 'Enter this code to set a new password:', ru: 'Введите этот код, чтобы задать новый пароль:' },
  step_up: {
    en: 'Enter this code to confirm a withdrawal or a change of your account:',
    ru: 'Введите этот код, чтобы подтвердить вывод средств или изменение аккаунта:',
  },
};

function codeMail(locale: Locale, purpose: CodePurpose, code: string, minutes: number): Rendered {
  const en = locale !== 'ru';
  const subject = `${code} ${CODE_SUBJECT[purpose][en ? 'en' : 'ru']}`;
  const lead = CODE_LEAD[purpose][en ? 'en' : 'ru'];
  const validity = en
    ? `The code works for ${minutes} minutes and only once.`
    : `Код действует ${minutesRu(minutes)} и только один раз.`;
  const ignore = en
    ? 'If you did not ask for it, ignore this message: nothing changes without the code.'
    : 'Если вы его не запрашивали, просто проигнорируйте письмо: без кода ничего не изменится.';
  const text = `${lead}\n\n${code}\n\n${validity}\n${ignore}\n\nMeet Nearby`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Roboto,Arial,sans-serif;background:#0a0b0f;color:#f2f4f8;padding:24px">
<p>${escapeHtml(lead)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;color:#2f7bff">${escapeHtml(code)}</p>
<p style="color:#a3abb9">${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p>
<p>Meet Nearby</p></body></html>`;
  return { subject, text, html };
}

/** Each template in English and Russian; the user's locale picks one. */
export function renderMail(template: MailTemplate, locale: Locale): Rendered {
  switch (template.name) {
    case 'verify_email':
    case 'recovery':
    case 'step_up':
      return codeMail(locale, template.name, template.values.code, template.values.minutes);
    case 'withdrawal_requested':
    case 'withdrawal_sent':
    case 'password_changed':
    case 'email_changed':
      return securityMail(template, locale);
    case 'kyc_decided':
      return kycMail(template, locale);
    case 'account_warned':
      return warningMail(template, locale);
    case 'feedback': {
      const { name, email, message, userId } = template.values;
      const subject = `Support request from ${name}`;
      const text = `From: ${name} <${email}>\nUser id: ${userId ?? 'guest'}\nLanguage: ${locale}\n\n${message}`;
      const html = `<!doctype html><html><body><p><b>From:</b> ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;<br><b>User id:</b> ${userId ?? 'guest'}<br><b>Language:</b> ${locale}</p><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(message)}</pre></body></html>`;
      return { subject, text, html };
    }
  }
}
