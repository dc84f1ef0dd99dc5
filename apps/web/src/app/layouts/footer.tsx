import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';
import { Tag } from '../../components/tag';
import { publicConfig } from '../../lib/public-config';

function Column({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography variant="overline" color="textSecondary" component="h2">
        {title}
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {links.map((link) => (
          <Link key={link.href} component={RouterLink} href={link.href} color="text.primary" variant="body2">
            {link.label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { appStoreUrl, socialUrl, supportEmail } = publicConfig();
  const outside = [
    ...(socialUrl ? [{ href: socialUrl, label: t('footer.community') }] : []),
    ...(appStoreUrl ? [{ href: appStoreUrl, label: t('footer.appStore') }] : []),
    { href: `mailto:${supportEmail}`, label: supportEmail },
  ];

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 8, py: 6 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            // About and legal links take a row of their own on phones, and the about column on tablets.
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 2fr)',
            },
          }}
        >
          <Box sx={{ gridColumn: { xs: 'span 2', sm: 'span 3', md: 'auto' } }}>
            <Typography sx={{ fontWeight: 700 }}>{t('app.name')}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1, maxWidth: 360 }}>
              {t('footer.about')}
            </Typography>
            <Tag label={t('footer.adults')} size="small" sx={{ mt: 2 }} />
          </Box>
          <Box>
            <Column
              title={t('footer.product')}
              links={[
                { href: '/market', label: t('nav.market') },
                { href: '/meet-and-play', label: t('nav.meetAndPlay') },
                { href: '/affiliates', label: t('footer.affiliates') },
              ]}
            />
          </Box>
          <Box>
            <Column
              title={t('footer.help')}
              links={[
                { href: '/help/faq', label: t('nav.faq') },
                { href: '/help/how-to-meet', label: t('nav.howToMeet') },
                { href: '/support', label: t('nav.support') },
              ]}
            />
          </Box>
          <Box sx={{ gridColumn: { xs: 'span 2', sm: 'auto' } }}>
            <Column
              title={t('footer.legal')}
              links={[
                { href: '/terms', label: t('footer.terms') },
                { href: '/privacy', label: t('footer.privacy') },
                { href: '/risk', label: t('footer.riskLink') },
                ...outside,
              ]}
            />
          </Box>
        </Box>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 5 }}>
          {t('footer.risk')}{' '}
          <Link component={RouterLink} href="/risk" color="inherit" underline="always">
            {t('footer.riskLink')}
          </Link>
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
