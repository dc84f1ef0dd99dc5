import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/**
 * What a news body may hold: text formatting, lists, quotes, code and links. No images (the item
 * has its own), no tables, styles, frames, forms or scripts; headings start below the card's title.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'del',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'h3',
    'h4',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A tag that is not allowed loses its markup and keeps its text; a script or style loses both.
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    // Links leave the site in a new tab, without handing it the opener or vouching for the target.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/**
 * A news body's Markdown as HTML safe to insert into the page. The source is kept as written and
 * rendered on every read, so a tightened policy applies to old items too.
 */
export function renderNewsMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return sanitizeHtml(html, POLICY).trim();
}
