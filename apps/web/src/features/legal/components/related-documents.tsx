import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';

export type LegalDoc = 'terms' | 'privacy' | 'risk';

const DOCS: { doc: LegalDoc; href: string; label: string }[] = [
  { doc: 'terms', href: '/terms', label: 'common:footer.terms' },
  { doc: 'privacy', href: '/privacy', label: 'common:footer.privacy' },
  { doc: 'risk', href: '/risk', label: 'legal:risk.footerLink' },
];

/** Links to the other legal documents, which refer to each other. */
export function RelatedDocuments({ current }: { current: LegalDoc }) {
  const { t } = useTranslation('legal');
  return (
    <Box component="nav" aria-labelledby="related-title" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="related-title" variant="overline" component="h2" color="textSecondary">
        {t('legal.related')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        {DOCS.filter((d) => d.doc !== current).map((d) => (
          <Button key={d.doc} variant="outlined" href={d.href} LinkComponent={RouterLink}>
            {t(d.label)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
