import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { ruRU } from '@mui/x-data-grid/locales';
import type { NewsAdminItem, NewsStatus } from '@app/shared/schemas/news';
import { RouterLink } from '../../../components/router-link';
import { StatusChip, type StatusTone } from '../../../components/status-chip';
import { useFormat } from '../../../lib/use-format';

const NEWS_TONE: Record<NewsStatus, StatusTone> = { DRAFT: 'warning', PUBLISHED: 'success' };

interface NewsGridProps {
  items: NewsAdminItem[];
  total: number;
  loading: boolean;
  page: GridPaginationModel;
  onPageChange: (page: GridPaginationModel) => void;
}

/** Admins' news, paged on the server; the title opens the editor. */
export function NewsGrid({ items, total, loading, page, onPageChange }: NewsGridProps) {
  const { t } = useTranslation('news');
  const format = useFormat();
  const language = format.locale === 'ru' ? 'ru' : 'en';

  const columns = useMemo<GridColDef<NewsAdminItem>[]>(
    () => [
      {
        field: 'image',
        headerName: t('columns.image'),
        width: 76,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <Avatar variant="rounded" src={row.image?.replace(/\/large$/, '/small') ?? undefined} alt="">
              <ImageOutlined fontSize="small" />
            </Avatar>
          </Box>
        ),
      },
      {
        field: 'title',
        headerName: t('columns.title'),
        minWidth: 240,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => row.title[language] || row.title.en,
        renderCell: ({ row, value }) => (
          <Link component={RouterLink} href={`/control/news/${row.id}`} data-testid="news-row-title">
            {value as string}
          </Link>
        ),
      },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <StatusChip status={row.status} tones={NEWS_TONE} label={t(`status.${row.status}`)} testId="news-status" />
        ),
      },
      {
        field: 'publishedAt',
        headerName: t('columns.publishedAt'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? format.dateTime(value) : '—'),
      },
      {
        field: 'updatedAt',
        headerName: t('columns.updatedAt'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(value),
      },
    ],
    [t, format, language],
  );

  return (
    <Box sx={{ width: '100%' }} data-testid="news-grid">
      <DataGrid
        rows={items}
        columns={columns}
        loading={loading}
        autoHeight
        rowHeight={60}
        disableRowSelectionOnClick
        disableColumnMenu
        paginationMode="server"
        rowCount={total}
        paginationModel={page}
        onPaginationModelChange={onPageChange}
        pageSizeOptions={[10, 25, 50]}
        localeText={{
          ...(format.locale === 'ru' ? ruRU.components.MuiDataGrid.defaultProps.localeText : {}),
          noRowsLabel: t('empty'),
        }}
        aria-label={t('listTitle')}
      />
    </Box>
  );
}
