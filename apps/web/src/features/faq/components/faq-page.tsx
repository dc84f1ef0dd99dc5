import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import { PageHeader } from '../../../components/page-header';
import { RichText } from '../../../components/rich-text';
import { RouterLink } from '../../../components/router-link';
import { loadTexts } from '../../../lib/i18n';
import { useProductFacts } from '../../../components/use-product-facts';
import { FAQ_QUESTIONS } from './faq-questions';
import { useHashExpansion } from './use-hash-expansion';

// The page's texts come with its code (see loadTexts).
await loadTexts('faq');

/** Clears the sticky header when a question is scrolled to. */
const ANCHOR_OFFSET = 88;

export function FaqPage() {
  const { t } = useTranslation('faq');
  const facts = useProductFacts();
  const { isOpen, toggle } = useHashExpansion();

  return (
    <article data-testid="faq">
      <PageHeader
        maxWidth="md"
        eyebrow={t('common:nav.help')}
        title={t('common:screens.faq.title')}
        lead={t('faq.lead', { count: FAQ_QUESTIONS.length })}
      />
      {/* No scroll anchoring: an answer opening below its question must not push the question away. */}
      <Container maxWidth="md" sx={{ pb: 4, overflowAnchor: 'none' }}>
        {FAQ_QUESTIONS.map((id) => (
          <Accordion
            key={id}
            id={id}
            data-testid="faq-item"
            expanded={isOpen(id)}
            onChange={(_, expanded) => toggle(id, expanded)}
            disableGutters
            elevation={0}
            slotProps={{ heading: { component: 'h2' } }}
            sx={{
              mb: 1.5,
              borderRadius: 2,
              scrollMarginTop: ANCHOR_OFFSET,
              '&::before': { display: 'none' },
              bgcolor: 'background.paper',
            }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`${id}-question`}
              aria-controls={`${id}-answer`}
              sx={{ px: 3, py: 1, '& .MuiAccordionSummary-content': { my: 1.5 } }}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: 17 }}>
                {t(`faq.items.${id}.q`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`${id}-answer`} sx={{ px: 3, pb: 3, pt: 0 }}>
              <Typography color="textSecondary" sx={{ fontSize: 16, lineHeight: 1.7 }}>
                <RichText i18nKey={`faq:faq.items.${id}.a`} values={facts} />
              </Typography>
              <Link
                component={RouterLink}
                href={`#${id}`}
                variant="body2"
                aria-label={`${t('faq.linkTo')}: ${t(`faq.items.${id}.q`)}`}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
              >
                <LinkIcon fontSize="small" aria-hidden />
                {t('faq.linkTo')}
              </Link>
            </AccordionDetails>
          </Accordion>
        ))}
        <Card sx={{ mt: 4, p: 3 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="h6" component="p">
              {t('faq.notFound')}
            </Typography>
            <Button variant="contained" href="/support" LinkComponent={RouterLink}>
              {t('faq.writeUs')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </article>
  );
}
