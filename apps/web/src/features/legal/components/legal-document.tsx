import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { PageHeader } from '../../../components/page-header';
import { loadTexts } from '../../../lib/i18n';
import { useProductFacts } from '../../../components/use-product-facts';
import { LegalSection } from './legal-section';
import { TableOfContents } from './table-of-contents';
import { RelatedDocuments } from './related-documents';
import { useScrollToHash } from './use-scroll-to-hash';

// The documents' texts come with their code (see loadTexts).
await loadTexts('legal');

/** A long document: title, lead, contents, and sections each reachable by its own anchor. */
export function LegalDocument({
  doc,
  title,
  sections,
}: {
  doc: 'terms' | 'privacy';
  title: string;
  sections: readonly string[];
}) {
  const { t } = useTranslation('legal');
  const facts = useProductFacts();
  useScrollToHash();

  return (
    <article data-testid="legal-document" data-doc={doc}>
      <PageHeader title={title} lead={t(`${doc}.lead`)} />
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 6 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <TableOfContents doc={doc} sections={sections} />
          <Box sx={{ maxWidth: 780 }}>
            {sections.map((id) => (
              <LegalSection key={id} doc={doc} id={id} facts={facts} />
            ))}
            <RelatedDocuments current={doc} />
          </Box>
        </Box>
      </Container>
    </article>
  );
}
