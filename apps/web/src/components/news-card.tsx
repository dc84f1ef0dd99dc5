import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface NewsCardContent {
  title: string;
  /** Sanitised HTML from the server (the API renders and cleans the Markdown). */
  html: string;
  image: string | null;
  publishedAt: string | null;
}

/**
 * One news item as the home page shows it; the admins' editor previews with the same card, so
 * what they see is what readers get.
 */
export function NewsCard({ item, testId = 'news-item' }: { item: NewsCardContent; testId?: string }) {
  const { t, i18n } = useTranslation('content');
  const date = item.publishedAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(item.publishedAt))
    : null;

  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      {item.image && (
        <Box
          component="img"
          src={item.image}
          alt=""
          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
        />
      )}
      <CardContent sx={{ p: 3 }}>
        {date && (
          <Typography variant="caption" color="textSecondary" component="p">
            {t('home.news.published', { date })}
          </Typography>
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography>
        <Box
          data-testid="news-body"
          sx={{
            mt: 1,
            color: 'text.secondary',
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 6,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            // The server's HTML: paragraphs, lists, quotes, headings below the title, links.
            '& > *': { my: 1, fontSize: 'inherit' },
            '& > :first-child': { mt: 0 },
            '& ul, & ol': { pl: 3 },
            '& a': { color: 'primary.main' },
          }}
          // The server rendered and sanitised this HTML (apps/api/src/modules/news/markdown.ts).
          dangerouslySetInnerHTML={{ __html: item.html }}
        />
      </CardContent>
    </Card>
  );
}
