import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';

/** The document's sections as in-page links; it stays in view beside the text on wide screens. */
export function TableOfContents({ doc, sections }: { doc: string; sections: readonly string[] }) {
  const { t } = useTranslation('legal');
  return (
    <Box
      component="nav"
      aria-labelledby={`${doc}-contents`}
      sx={{ position: { md: 'sticky' }, top: { md: 88 }, p: 2.5, borderRadius: 2, bgcolor: 'background.paper' }}
      data-testid="table-of-contents"
    >
      <Typography id={`${doc}-contents`} variant="overline" component="h2" color="textSecondary">
        {t('legal.contents')}
      </Typography>
      <Box
        component="ol"
        sx={{ m: 0, mt: 1, pl: 2.5, '& li': { py: 0.5 }, '& li::marker': { color: 'text.secondary' } }}
      >
        {sections.map((id) => (
          <li key={id}>
            <Link component={RouterLink} href={`#${id}`} color="text.primary" variant="body2">
              {t(`${doc}.sections.${id}.title`)}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
