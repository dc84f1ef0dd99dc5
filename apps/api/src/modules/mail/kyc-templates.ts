import { escapeHtml } from '@app/shared/format/escape-html';
import type { Locale } from '@app/shared/constants';
import type { MailTemplate } from './mail-template';

export type KycTemplate = Extract<MailTemplate, { name: 'kyc_decided' }>;

/** The mail of a KYC decision, in the person's language, with the moderator's comment. */
export function kycMail(template: KycTemplate, locale: Locale) {
  const en = locale !== 'ru';
  const { status, level, comment, revoked, url } = template.values;
  const subject =
    status === 'approved'
      ? en
        ? 'Your identity is verified'
        : 'Ваша личность подтверждена'
      : en
        ? 'Your identity verification was not approved'
        : 'Проверка личности не пройдена';
  const lines: string[] = [];
  if (status === 'approved') {
    lines.push(
      en
        ? `A moderator verified your identity. You may now buy and mint tokens up to ${level}.`
        : `Модератор подтвердил вашу личность. Теперь вы можете покупать и минтить токены до уровня ${level}.`,
    );
  } else if (revoked) {
    lines.push(
      en
        ? 'Your verification was revoked after a later check: purchases and mints above Silver are blocked.'
        : 'После повторной проверки подтверждение личности отозвано: покупки и минт выше Silver недоступны.',
    );
  } else if (status === 'rejected_forever') {
    lines.push(
      en
        ? 'Your application was rejected for good, so no further attempts are possible. Please contact support.'
        : 'Заявка отклонена окончательно, новых попыток не будет. Пожалуйста, напишите в поддержку.',
    );
  } else {
    lines.push(
      en
        ? 'Your application was rejected. You can take new photos and send it again.'
        : 'Заявка отклонена. Вы можете сделать новые фото и отправить её снова.',
    );
  }
  if (comment) lines.push(`${en ? "Moderator's comment" : 'Комментарий модератора'}: ${comment}`);
  const text = `${lines.join('\n\n')}\n\n${url}\n\nMeet Nearby`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Roboto,Arial,sans-serif;background:#0a0b0f;color:#f2f4f8;padding:24px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="color:#2f7bff">${en ? 'Open identity verification' : 'Открыть проверку личности'}</a></p>
<p>Meet Nearby</p></body></html>`;
  return { subject, text, html };
}
