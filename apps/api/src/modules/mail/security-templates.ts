import { escapeHtml } from '@app/shared/format/escape-html';
import type { Locale } from '@app/shared/constants';
import type { MailTemplate } from './mail-template';

export type SecurityTemplate = Extract<
  MailTemplate,
  { name: 'withdrawal_requested' | 'withdrawal_sent' | 'password_changed' | 'email_changed' }
>;

interface Parts {
  subject: string;
  lines: string[];
  link?: { url: string; label: string };
}

const when = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso)) + ' UTC';

function partsOf(template: SecurityTemplate, en: boolean, locale: Locale): Parts {
  const notYou = en
    ? 'If this was not you, change your password now and contact support.'
    : 'Если это были не вы, срочно смените пароль и напишите в поддержку.';
  switch (template.name) {
    case 'withdrawal_requested': {
      const { amount, address, heldUntil, confirmUrl } = template.values;
      const lines = [
        en
          ? `A withdrawal of ${amount} USDT to ${address} was requested from your wallet.`
          : `Из вашего кошелька запрошен вывод ${amount} USDT на адрес ${address}.`,
      ];
      if (heldUntil) {
        lines.push(
          en
            ? `You have not withdrawn to this address before, so it waits until ${when(heldUntil, locale)}. If it was you, confirm the address with the button below and it goes out at once.`
            : `На этот адрес вы раньше не выводили, поэтому вывод ждёт до ${when(heldUntil, locale)}. Если это вы, подтвердите адрес кнопкой ниже, и вывод уйдёт сразу.`,
        );
      }
      lines.push(notYou);
      return {
        subject: en ? `Withdrawal of ${amount} USDT requested` : `Запрошен вывод ${amount} USDT`,
        lines,
        ...(heldUntil &&
          confirmUrl && { link: { url: confirmUrl, label: en ? 'Confirm the address' : 'Подтвердить адрес' } }),
      };
    }
    case 'withdrawal_sent': {
      const { amount, address, txHash } = template.values;
      return {
        subject: en ? `${amount} USDT sent` : `${amount} USDT отправлены`,
        lines: [
          en
            ? `${amount} USDT left your wallet for ${address}.`
            : `${amount} USDT ушли из вашего кошелька на адрес ${address}.`,
          ...(txHash ? [en ? `Transaction: ${txHash}` : `Транзакция: ${txHash}`] : []),
          notYou,
        ],
      };
    }
    case 'password_changed':
      return {
        subject: en ? 'Your Meet Nearby password was changed' : 'Пароль Meet Nearby изменён',
        lines: [
          en ? 'The password of your account was just changed.' : 'Пароль вашего аккаунта только что изменён.',
          notYou,
        ],
      };
    case 'email_changed':
      return {
        subject: en ? 'Your Meet Nearby e-mail was changed' : 'E-mail Meet Nearby изменён',
        lines: [
          en
            ? `Your account now uses ${template.values.newEmail}; mail no longer comes to this address.`
            : `Теперь ваш аккаунт использует ${template.values.newEmail}; письма на этот адрес больше не придут.`,
          notYou,
        ],
      };
  }
}

/** Mails about money and account changes, each in English and Russian. */
export function securityMail(template: SecurityTemplate, locale: Locale) {
  const en = locale !== 'ru';
  const { subject, lines, link } = partsOf(template, en, locale);
  const text = [...lines, ...(link ? [`${link.label}: ${link.url}`] : []), 'Meet Nearby'].join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Roboto,Arial,sans-serif;background:#0a0b0f;color:#f2f4f8;padding:24px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#2f7bff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>` : ''}
<p>Meet Nearby</p></body></html>`;
  return { subject, text, html };
}
