import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { RouterLink } from '../../../components/router-link';
import { translateError } from '../../../lib/i18n';
import { useNewsItem } from '../api/news-queries';
import { NewsEditor } from './news-editor';

/** /control/news/{id}: the editor on a saved item. */
export function NewsEditPage({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const item = useNewsItem(id);

  if (item.isPending)
    return (
      <Stack spacing={2} sx={{ py: 3 }}>
        <Skeleton variant="text" width={240} height={48} />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );
  if (item.isError)
    return (
      <Stack spacing={2} sx={{ py: 3, alignItems: 'flex-start' }}>
        <Alert severity="error" data-testid="news-load-error">
          {translateError(t, item.error)}
        </Alert>
        <Button component={RouterLink} href="/control/news" variant="outlined">
          {t('backToList')}
        </Button>
      </Stack>
    );
  return <NewsEditor key={id} item={item.data} />;
}
