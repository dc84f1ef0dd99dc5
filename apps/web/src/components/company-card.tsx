import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import type { CompanyCard as Company } from '@app/shared/schemas/business';
import { Tag } from './tag';

/** The amber of a company's promoted pin and its badge: apart from the blue of people and moods. */
export const PROMOTED_COLOR = '#f5a524';

/** The image URL in a size of the media API (the logo small on pins, medium on cards). */
export const imageSized = (url: string, size: 'small' | 'medium' | 'large') => `${url}/${size}`;

/** A website as people read it: no scheme, no trailing slash. */
const siteLabel = (website: string) => website.replace(/^https?:\/\//, '').replace(/\/$/, '');

/**
 * A company as others see it (the owner's page and the map's promoted pin): logo, name, category,
 * description, website and photos. Texts from the 'business' namespace, which the page loads.
 */
export function CompanyCardView({ company, headingLevel = 'h2' }: { company: Company; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('business');
  return (
    <Stack spacing={2} data-testid="company-card">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar
          src={company.logo ? imageSized(company.logo.url, 'small') : undefined}
          alt={company.logo ? t('card.logoAlt', { name: company.name }) : undefined}
          variant="rounded"
          sx={{ width: 64, height: 64, bgcolor: `${PROMOTED_COLOR}22`, color: PROMOTED_COLOR }}
          data-testid="company-logo"
        >
          <StorefrontIcon />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h6"
            component={headingLevel}
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="company-name"
          >
            {company.name}
          </Typography>
          <Tag size="small" label={t(`categories.${company.category}`)} sx={{ mt: 0.5 }} />
        </Box>
      </Stack>
      {company.description && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="company-description">
          {company.description}
        </Typography>
      )}
      {company.website && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <LanguageIcon fontSize="small" sx={{ color: 'text.secondary' }} />
          <Link
            href={company.website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="company-website"
          >
            {siteLabel(company.website)}
          </Link>
        </Stack>
      )}
      {company.photos.length > 0 && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }}
          data-testid="company-photos"
        >
          {company.photos.map((photo) => (
            <Box
              key={photo.id}
              component="img"
              src={imageSized(photo.url, 'medium')}
              alt={t('card.photoAlt', { name: company.name })}
              loading="lazy"
              sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
