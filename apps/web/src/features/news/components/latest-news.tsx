import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NewsItem } from '@app/shared/schemas/news';
import { NewsCard, type NewsCardContent } from '../../../components/news-card';
import { useNews } from '../api/get-news';

const SHOWN = 3;

/** An item written in one language only still shows, in that language. */
function inLanguage(item: NewsItem, language: 'en' | 'ru'): NewsCardContent {
  return {
    title: item.title[language] || item.title.en || item.title.ru,
    html: item.body[language] || item.body.en || item.body.ru,
    image: item.image,
    publishedAt: item.publishedAt,
  };
}

/**
 * The latest published news. Nothing at all while it loads, when there is none, or when the
 * call fails: news is a bonus on the home page, never a reason for it to look broken.
 */
export function LatestNews() {
  const { t, i18n } = useTranslation('content');
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const { data } = useNews({ limit: SHOWN });
  const items = data?.items ?? [];
  if (!items.length) return null;

  return (
    <Box component="section" aria-labelledby="news-title" sx={{ py: { xs: 6, md: 10 } }} data-testid="latest-news">
      <Typography id="news-title" variant="h4" component="h2" sx={{ mb: 4 }}>
        {t('home.news.title')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {items.slice(0, SHOWN).map((item) => (
          <NewsCard key={item.id} item={inLanguage(item, language)} />
        ))}
      </Box>
    </Box>
  );
}
