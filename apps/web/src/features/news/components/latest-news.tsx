import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import type { NewsItem } from '@app/shared/schemas/news';
import { useNews } from '../api/get-news';

const SHOWN = 3;

function NewsCard({ item }: { item: NewsItem }) {
  const { t, i18n } = useTranslation('content');
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  // An item written in one language only still shows, in that language.
  const title = item.title[language] || item.title.en || item.title.ru;
  const body = item.body[language] || item.body.en || item.body.ru;
  const date = item.publishedAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(item.publishedAt))
    : null;

  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="news-item">
      {item.image && (
        <CardMedia component="img" image={item.image} alt="" sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />
      )}
      <CardContent sx={{ p: 3 }}>
        {date && (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('home.news.published', { date })}
          </Typography>
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 0.5 }}>
          {title}
        </Typography>
        <Typography
          color="text.secondary"
          sx={{
            mt: 1,
            whiteSpace: 'pre-line',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {body}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The latest published news. Nothing at all while it loads, when there is none, or when the
 * call fails: news is a bonus on the home page, never a reason for it to look broken.
 */
export function LatestNews() {
  const { t } = useTranslation('content');
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
          <NewsCard key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}
