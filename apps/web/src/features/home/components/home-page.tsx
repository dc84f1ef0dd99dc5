import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { RouterLink } from '../../../components/router-link';
import { Tag } from '../../../components/tag';
import { HowItWorks } from './how-it-works';
import { LevelCards } from './level-cards';
import { MintingSection } from './minting-section';
import { AppDownloadSection } from './app-download-section';
import { HomeCta } from './home-cta';
import { RenderInTurn } from './render-in-turn';

/** Which landing a visitor came to: the plain home, or a partner landing (SPEC.md /l, /l/meet, /l/earn). */
export type Landing = 'home' | 'partner' | 'meet' | 'earn';

const MOODS = [
  { key: 'romantic', icon: FavoriteIcon },
  { key: 'business', icon: WorkIcon },
  { key: 'chat', icon: ForumIcon },
] as const;

/**
 * `news` is the latest-news block, composed in by the app: features do not import each other,
 * and the home page must not know where news comes from.
 */
export function HomePage({ landing = 'home', news }: { landing?: Landing; news?: ReactNode }) {
  const { t } = useTranslation();
  const title = landing === 'meet' ? t('home.titleMeet') : landing === 'earn' ? t('home.titleEarn') : t('home.title');
  const subtitle =
    landing === 'meet' ? t('home.subtitleMeet') : landing === 'earn' ? t('home.subtitleEarn') : t('home.subtitle');

  return (
    <Box data-testid="home" data-landing={landing}>
      <Box
        component="section"
        sx={{
          py: { xs: 8, md: 14 },
          background: 'radial-gradient(1200px 500px at 20% -10%, rgba(47,123,255,0.22), transparent 60%)',
        }}
      >
        <Container maxWidth="lg">
          <Stack spacing={3} sx={{ maxWidth: 760 }}>
            {landing !== 'home' && (
              <Tag
                label={t('home.partnerBadge')}
                color="primary"
                sx={{ alignSelf: 'flex-start' }}
                data-testid="partner-badge"
              />
            )}
            <Typography variant="overline" color="primary">
              {t('home.eyebrow')}
            </Typography>
            <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 36, sm: 48, md: 60 }, lineHeight: 1.1 }}>
              {title}
            </Typography>
            <Typography color="textSecondary" sx={{ fontSize: { xs: 17, md: 20 } }}>
              {subtitle}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {MOODS.map(({ key, icon: Icon }) => (
                <Tag key={key} icon={<Icon />} label={t(`home.moods.${key}`)} />
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
              <Button variant="contained" size="large" href="/market" LinkComponent={RouterLink}>
                {t('home.ctaMarket')}
              </Button>
              <Button variant="outlined" size="large" href="/help/how-to-meet" LinkComponent={RouterLink}>
                {t('home.ctaHow')}
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg">
        <RenderInTurn
          sections={[
            ...(landing === 'earn'
              ? [
                  { key: 'levels', node: <LevelCards /> },
                  { key: 'minting', node: <MintingSection /> },
                  { key: 'steps', node: <HowItWorks /> },
                ]
              : [
                  { key: 'steps', node: <HowItWorks /> },
                  { key: 'levels', node: <LevelCards /> },
                  { key: 'minting', node: <MintingSection /> },
                ]),
            // On a prerendered page, news comes with the page's code: when this place nears the screen.
            { key: 'news', node: <div data-hydrate="visible">{news}</div> },
            { key: 'app', node: <AppDownloadSection /> },
            { key: 'cta', node: <HomeCta /> },
          ]}
        />
      </Container>
    </Box>
  );
}
