import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { NEWS_STATUSES } from '@app/shared/constants';
import type { NewsStatus } from '@app/shared/schemas/news';
import { translateError } from '../../../lib/i18n';
import { useStaffNews } from '../api/news-queries';
import { NewsEditor } from './news-editor';
import { NewsGrid } from './news-grid';

type Filter = NewsStatus | 'ALL';

/**
 * /control/news: the list, and (SPEC.md: "add at the empty child path") the editor for a new item
 * at the same address, opened by "Add news" (`?new`, so Back returns to the list).
 */
export function NewsControlPage() {
  const [params, setParams] = useSearchParams();
  if (params.has('new')) return <NewsEditor />;
  return <NewsList onAdd={() => setParams({ new: '' })} />;
}

/** Every item, filtered by status, paged on the server. */
function NewsList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('news');
  const [filter, setFilter] = useState<Filter>('ALL');
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const list = useStaffNews({
    status: filter === 'ALL' ? undefined : filter,
    offset: page.page * page.pageSize,
    limit: page.pageSize,
  });

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="news-control">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
            {t('lead')}
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {t('add')}
          </Button>
        </Box>
      </Stack>

      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filter}
        onChange={(_event, value: Filter | null) => {
          if (!value) return;
          setFilter(value);
          setPage((current) => ({ ...current, page: 0 }));
        }}
        aria-label={t('filter.label')}
        data-testid="news-filter"
      >
        {(['ALL', ...NEWS_STATUSES] as const).map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2 }}>
            {t(`filter.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, list.error)}
        </Alert>
      )}

      <NewsGrid
        items={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
