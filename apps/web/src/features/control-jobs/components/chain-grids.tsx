import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import type {
  ChainStep,
  ChainStepState,
  DifferenceState,
  ReconciliationDifference,
} from '@app/shared/schemas/operations';
import { StatusChip, type StatusTone } from '../../../components/status-chip';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { useFormat } from '../../../lib/use-format';

const STEP_TONE: Record<ChainStepState, StatusTone> = { stuck: 'warning', reverted: 'error' };
const DIFFERENCE_TONE: Record<DifferenceState, StatusTone> = { open: 'error', repaired: 'info', resolved: 'success' };

/** A long hash or address, its ends kept. */
const short = (value: string | null) =>
  value && value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : (value ?? '');

function Grid<R extends GridValidRowModel>(props: {
  rows: R[];
  columns: GridColDef<R>[];
  loading: boolean;
  empty: string;
  getRowId: (row: R) => string | number;
  testId: string;
}) {
  const format = useFormat();
  return (
    <Box data-testid={props.testId}>
      <DataGrid
        rows={props.rows}
        columns={props.columns}
        loading={props.loading}
        getRowId={props.getRowId}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50]}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        localeText={dataGridLocaleText(format.locale, { noRowsLabel: props.empty })}
      />
    </Box>
  );
}

/** Signed transactions stuck without an outcome, and those that reverted lately. */
export function ChainStepsGrid({ steps, loading }: { steps: ChainStep[]; loading: boolean }) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const columns = useMemo<GridColDef<ChainStep>[]>(
    () => [
      {
        field: 'state',
        headerName: t('jobs.chain.state'),
        width: 120,
        renderCell: ({ row }) => (
          <StatusChip
            status={row.state}
            tones={STEP_TONE}
            label={t(`jobs.chain.states.${row.state}`)}
            testId="chain-state"
          />
        ),
      },
      { field: 'purpose', headerName: t('jobs.chain.purpose'), minWidth: 140, flex: 1 },
      { field: 'refId', headerName: t('jobs.chain.ref'), width: 100 },
      {
        field: 'hash',
        headerName: t('jobs.chain.hash'),
        minWidth: 180,
        flex: 1,
        valueFormatter: (v: string) => short(v),
      },
      { field: 'nonce', headerName: t('jobs.chain.nonce'), type: 'number', width: 90 },
      {
        field: 'createdAt',
        headerName: t('jobs.chain.sentAt'),
        width: 170,
        valueFormatter: (v: string) => format.dateTime(v),
      },
    ],
    [t, format],
  );
  return (
    <Grid
      rows={steps}
      columns={columns}
      loading={loading}
      empty={t('jobs.chain.empty')}
      getRowId={(row) => row.hash}
      testId="chain-steps-grid"
    />
  );
}

/** What reconciliation found, the open differences first. */
export function DifferencesGrid({
  differences,
  loading,
}: {
  differences: ReconciliationDifference[];
  loading: boolean;
}) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const columns = useMemo<GridColDef<ReconciliationDifference>[]>(
    () => [
      {
        field: 'state',
        headerName: t('jobs.differences.state'),
        width: 130,
        renderCell: ({ row }) => (
          <StatusChip
            status={row.state}
            tones={DIFFERENCE_TONE}
            label={t(`jobs.differences.states.${row.state}`)}
            testId="difference-state"
          />
        ),
      },
      {
        field: 'kind',
        headerName: t('jobs.differences.kind'),
        minWidth: 180,
        flex: 1,
        valueFormatter: (v: string) => t(`jobs.differences.kinds.${v}`, { defaultValue: v }),
      },
      { field: 'subject', headerName: t('jobs.differences.subject'), minWidth: 120, flex: 0.7 },
      {
        field: 'expected',
        headerName: t('jobs.differences.expected'),
        minWidth: 140,
        flex: 1,
        valueFormatter: (v: string | null) => short(v),
      },
      {
        field: 'actual',
        headerName: t('jobs.differences.actual'),
        minWidth: 140,
        flex: 1,
        valueFormatter: (v: string | null) => short(v),
      },
      {
        field: 'foundAt',
        headerName: t('jobs.differences.foundAt'),
        width: 170,
        valueFormatter: (v: string) => format.dateTime(v),
      },
    ],
    [t, format],
  );
  return (
    <Grid
      rows={differences}
      columns={columns}
      loading={loading}
      empty={t('jobs.differences.empty')}
      getRowId={(row) => row.id}
      testId="differences-grid"
    />
  );
}
