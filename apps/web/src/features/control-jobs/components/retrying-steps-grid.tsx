import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { RetryingStep } from '@app/shared/schemas/operations';
import { StatusChip, type StatusTone } from '../../../components/status-chip';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { useFormat } from '../../../lib/use-format';

type StepState = 'waiting' | 'parked';
const STATE_TONE: Record<StepState, StatusTone> = { waiting: 'warning', parked: 'error' };

/** Worker rows whose step failed lately: waiting for their next try, or parked; each can try now. */
export function RetryingStepsGrid({
  steps,
  loading,
  onRetry,
}: {
  steps: RetryingStep[];
  loading: boolean;
  onRetry: (step: RetryingStep) => void;
}) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  // The action first, as in the failed jobs: a tablet reaches it without scrolling sideways.
  const columns = useMemo<GridColDef<RetryingStep>[]>(
    () => [
      {
        field: 'actions',
        headerName: t('jobs.retrying.actions'),
        width: 150,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="contained" onClick={() => onRetry(row)} data-testid="step-retry">
              {t('jobs.retrying.retry')}
            </Button>
          </Box>
        ),
      },
      {
        field: 'parked',
        headerName: t('jobs.retrying.state'),
        width: 130,
        renderCell: ({ row }) => {
          const state: StepState = row.parked ? 'parked' : 'waiting';
          return (
            <StatusChip
              status={state}
              tones={STATE_TONE}
              label={t(`jobs.retrying.states.${state}`)}
              testId="step-state"
            />
          );
        },
      },
      {
        field: 'kind',
        headerName: t('jobs.retrying.kind'),
        width: 160,
        valueFormatter: (v: RetryingStep['kind']) => t(`jobs.retrying.kinds.${v}`),
      },
      { field: 'refId', headerName: t('jobs.retrying.ref'), width: 100 },
      {
        field: 'tries',
        headerName: t('jobs.retrying.tries'),
        width: 110,
        valueGetter: (_v, row) => t('jobs.retrying.triesOf', { tries: row.tries, max: row.maxTries }),
      },
      { field: 'lastError', headerName: t('jobs.retrying.error'), minWidth: 220, flex: 1.5 },
      {
        field: 'nextAt',
        headerName: t('jobs.retrying.nextAt'),
        width: 170,
        valueGetter: (_v, row) => (row.parked ? '' : format.dateTime(row.nextAt)),
      },
    ],
    [t, format, onRetry],
  );
  return (
    <Box data-testid="retrying-steps-grid">
      <DataGrid
        rows={steps}
        columns={columns}
        loading={loading}
        getRowId={(row) => `${row.kind}:${row.refId}`}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50]}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        localeText={dataGridLocaleText(format.locale, { noRowsLabel: t('jobs.retrying.empty') })}
      />
    </Box>
  );
}
