import { Fragment } from 'react';
import Link from '@mui/material/Link';
import { RouterLink } from '../../../components/router-link';

const TAG = /<(terms|privacy)>(.*?)<\/\1>/g;
const PAGES = { terms: '/terms', privacy: '/privacy' } as const;

/**
 * The registration's consent sentence, its `<terms>` and `<privacy>` words linking to those pages
 * in a new tab (the form keeps what was typed). react-i18next's Trans did this for about 5 KB
 * (gzipped) of the screen's first load. The cookie banner has the same few lines
 * (consent/components/linked-text.tsx): one module shared by the two would be a request of its own
 * on every public page.
 */
export function ConsentLabel({ text }: { text: string }) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag, words] = match as unknown as [string, keyof typeof PAGES, string];
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} component={RouterLink} href={PAGES[tag]} target="_blank">
        {words}
      </Link>,
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
