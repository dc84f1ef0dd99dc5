import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { NewsCard } from '../../../components/news-card';
import { useNewsPreview } from '../api/news-preview';

interface NewsPreviewCardProps {
  language: 'en' | 'ru';
  title: string;
  markdown: { en: string; ru: string };
  image: string | null;
  publishedAt: string | null;
}

/**
 * The item as the home page will show it, in the language being edited: the home page's own card,
 * with the body rendered and sanitised by the server as it will be for readers.
 */
export function NewsPreviewCard({ language, title, markdown, image, publishedAt }: NewsPreviewCardProps) {
  const { t } = useTranslation('news');
  const preview = useNewsPreview(markdown);
  // A draft has no date yet; it gets the day it is published.
  const date = publishedAt ?? new Date().toISOString();

  return (
    <Box component="section" aria-labelledby="news-preview-title" data-testid="news-preview">
      <Typography id="news-preview-title" variant="h6" component="h2">
        {t('preview.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {t('preview.lead')}
      </Typography>
      <Box sx={{ position: 'relative' }}>
        {preview.isFetching && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1, borderRadius: 1 }} />
        )}
        <NewsCard
          testId="news-preview-card"
          item={{
            title: title.trim() || t('preview.untitled'),
            html: markdown[language].trim() ? (preview.data?.[language] ?? '') : '',
            image,
            publishedAt: date,
          }}
        />
      </Box>
    </Box>
  );
}
