import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence whose `<name>words</name>` parts become links: react-i18next's Trans does
 * the same, but the banner and the auth screens are in first downloads and need only this much of it.
 * A tag without a renderer keeps its words as plain text.
 */
export function LinkedText({ text, links }: { text: string; links: Record<string, (words: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, words] = match as unknown as [string, string, string];
    parts.push(text.slice(last, match.index));
    const render = links[name];
    parts.push(<Fragment key={match.index}>{render ? render(words) : words}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
