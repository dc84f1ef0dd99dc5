import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import Link from '@mui/material/Link';
import { RouterLink } from './router-link';
import { publicConfig } from '../lib/public-config';

/** The pages a translated text may link to, by the tag it uses (`<faq>FAQ</faq>`). */
const PAGES = {
  terms: '/terms',
  privacy: '/privacy',
  risk: '/risk',
  faq: '/help/faq',
  howto: '/help/how-to-meet',
  support: '/support',
  cabinet: '/cpa',
} as const;

/**
 * A translated text with links inside it. Translators place the tags where their language puts
 * the words, so a link is never glued to a sentence in one language's word order. The links are
 * underlined: in secondary text the blue alone is too close to the grey around it (WCAG 1.4.1).
 */
export function RichText({ i18nKey, values }: { i18nKey: string; values?: Record<string, unknown> }) {
  const { supportEmail } = publicConfig();
  const components: Record<string, ReactElement> = Object.fromEntries(
    Object.entries(PAGES).map(([tag, href]) => [
      tag,
      <Link key={tag} component={RouterLink} href={href} underline="always" />,
    ]),
  );
  components.mail = <Link href={`mailto:${supportEmail}`} underline="always" />;
  return <Trans i18nKey={i18nKey} values={{ email: supportEmail, ...values }} components={components} />;
}
