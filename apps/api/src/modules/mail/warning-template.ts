import { escapeHtml } from '@app/shared/format/escape-html';
import type { Locale } from '@app/shared/constants';
import type { MailTemplate } from './mail-template';

type WarningTemplate = Extract<MailTemplate, { name: 'account_warned' }>;

const REASONS: Record<string, { en: string; ru: string }> = {
  spam: { en: 'spam', ru: 'спам' },
  scam: { en: 'fraud', ru: 'мошенничество' },
  harassment: { en: 'harassment', ru: 'оскорбления и преследование' },
  fake: { en: 'a fake profile', ru: 'фальшивый профиль' },
  underage: { en: 'being under age', ru: 'возраст младше допустимого' },
  other: { en: 'another reason', ru: 'другая причина' },
};

/** A moderator's warning after a report about the person, in their language, with the moderator's words. */
export function warningMail(template: WarningTemplate, locale: Locale) {
  const en = locale !== 'ru';
  const { reason, warning, url } = template.values;
  const why = REASONS[reason]?.[en ? 'en' : 'ru'] ?? reason;
  const subject = en ? 'A warning about your account' : 'Предупреждение по вашему аккаунту';
  const lines = [
    en
      ? `A moderator reviewed a report about you (${why}) and warns you:`
      : `Модератор рассмотрел жалобу на вас (${why}) и выносит предупреждение:`,
    warning,
    en
      ? 'Please keep to the rules of the community: a repeated violation may get the account blocked.'
      : 'Пожалуйста, соблюдайте правила сообщества: при повторном нарушении аккаунт может быть заблокирован.',
  ];
  const text = `${lines.join('\n\n')}\n\n${url}\n\nMeet Nearby`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Roboto,Arial,sans-serif;background:#0a0b0f;color:#f2f4f8;padding:24px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="color:#2f7bff">${en ? 'Read the rules' : 'Прочитать правила'}</a></p>
<p>Meet Nearby</p></body></html>`;
  return { subject, text, html };
}
