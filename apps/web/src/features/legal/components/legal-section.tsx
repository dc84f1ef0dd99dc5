import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RichText } from '../../../components/rich-text';
import type { ProductFacts } from '../../../components/use-product-facts';

/** Paragraphs, then an optional list, then optional closing paragraphs: how legal sections read. */
interface SectionText {
  title: string;
  body?: string[];
  list?: string[];
  after?: string[];
}

/** Clears the sticky header when a section is jumped to. */
export const ANCHOR_OFFSET = 88;

export function LegalSection({ doc, id, facts }: { doc: string; id: string; facts: ProductFacts }) {
  const { t } = useTranslation('legal');
  const key = `${doc}.sections.${id}`;
  const text = t(key, { returnObjects: true }) as unknown as SectionText;
  // Each paragraph goes through RichText by its own key, so translators can put links in any of them.
  const paragraphs = (part: 'body' | 'after') =>
    (text[part] ?? []).map((_, i) => (
      <Typography key={`${part}${i}`} sx={{ mt: 1.5, lineHeight: 1.75 }} color="textSecondary">
        <RichText i18nKey={`legal:${key}.${part}.${i}`} values={facts} />
      </Typography>
    ));

  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ scrollMarginTop: ANCHOR_OFFSET, py: 2.5 }}
      data-testid="legal-section"
    >
      <Typography id={`${id}-title`} variant="h5" component="h2">
        {text.title}
      </Typography>
      {paragraphs('body')}
      {text.list && (
        <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 3, color: 'text.secondary', '& li': { mt: 1, lineHeight: 1.7 } }}>
          {text.list.map((_, i) => (
            <li key={i}>
              <RichText i18nKey={`legal:${key}.list.${i}`} values={facts} />
            </li>
          ))}
        </Box>
      )}
      {paragraphs('after')}
    </Box>
  );
}
