import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { FailedJob } from '@app/shared/schemas/operations';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { useFormat } from '../../../lib/use-format';
import type { JobActionKind } from '../api/job-actions';

/** Jobs that failed after every retry, newest first, each with retry and discard. */
export function FailedJobsGrid({
  jobs,
  loading,
  onAction,
}: {
  jobs: FailedJob[];
  loading: boolean;
  onAction: (job: FailedJob, kind: JobActionKind) => void;
}) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  // The actions come first, so a tablet reaches them without scrolling the grid sideways.
  const columns = useMemo<GridColDef<FailedJob>[]>(
    () => [
      {
        field: 'actions',
        headerName: t('jobs.failed.actions'),
        width: 200,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="contained" onClick={() => onAction(row, 'retry')} data-testid="job-retry">
              {t('jobs.failed.retry')}
            </Button>
            <Button size="small" color="inherit" onClick={() => onAction(row, 'discard')} data-testid="job-discard">
              {t('jobs.failed.discard')}
            </Button>
          </Stack>
        ),
      },
      { field: 'queue', headerName: t('jobs.failed.queue'), minWidth: 180, flex: 1 },
      { field: 'error', headerName: t('jobs.failed.error'), minWidth: 220, flex: 1.5 },
      {
        field: 'data',
        headerName: t('jobs.failed.data'),
        minWidth: 160,
        flex: 1,
        valueGetter: (_value, row) => JSON.stringify(row.data),
      },
      {
        field: 'failedAt',
        headerName: t('jobs.failed.failedAt'),
        width: 170,
        valueFormatter: (value: string) => format.dateTime(value),
      },
    ],
    [t, format, onAction],
  );
  return (
    <Box data-testid="failed-jobs-grid">
      <DataGrid
        rows={jobs}
        columns={columns}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50]}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        localeText={dataGridLocaleText(format.locale, { noRowsLabel: t('jobs.failed.empty') })}
      />
    </Box>
  );
}
