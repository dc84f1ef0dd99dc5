import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import { PageHeader } from '../../../components/page-header';
import { loadTexts } from '../../../lib/i18n';
import { RichText } from '../../../components/rich-text';
import { RiskDisclaimer } from './risk-disclaimer';
import { RelatedDocuments } from './related-documents';

// The disclaimer's texts come with its code (see loadTexts).
await loadTexts('legal');

export function RiskPage() {
  const { t } = useTranslation('legal');
  return (
    <article data-testid="risk-page">
      <PageHeader maxWidth="md" title={t('risk.title')} lead={<RichText i18nKey="legal:risk.lead" />} />
      <Container maxWidth="md">
        <Card sx={{ p: { xs: 2.5, md: 4 } }}>
          <RiskDisclaimer />
        </Card>
        <RelatedDocuments current="risk" />
      </Container>
    </article>
  );
}
