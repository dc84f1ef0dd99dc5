import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useProductFacts } from '../../../components/use-product-facts';
import { publicConfig } from '../../../lib/public-config';
import { CodeSample } from './code-sample';
import { SectionTitle } from './section-title';

/** An illustrative link and click id; real ones come from the cabinet. */
const EXAMPLE_LINK_ID = 42;
const EXAMPLE_CLICK_ID = 'c7f3a9';

export function AttributionSection() {
  const { t } = useTranslation('affiliates');
  const facts = useProductFacts();
  const paragraphs = t('affiliates.attribution', { ...facts, returnObjects: true }) as unknown as string[];
  const example = `${publicConfig().publicUrl}/l/meet?cpa=${EXAMPLE_LINK_ID}&uid=${EXAMPLE_CLICK_ID}`;

  return (
    <Box component="section" aria-labelledby="partner-attribution" sx={{ py: { xs: 4, md: 6 } }}>
      <SectionTitle id="partner-attribution">{t('affiliates.attributionTitle')}</SectionTitle>
      {paragraphs.map((text) => (
        <Typography key={text} color="textSecondary" sx={{ mt: 1.5, maxWidth: 780 }}>
          {text}
        </Typography>
      ))}
      <CodeSample label={t('affiliates.exampleLink')} code={example} />
    </Box>
  );
}
