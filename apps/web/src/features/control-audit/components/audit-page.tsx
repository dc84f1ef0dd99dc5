import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import type { AuditEntryView } from '@app/shared/schemas/audit';
import { translateError } from '../../../lib/i18n';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { useFormat } from '../../../lib/use-format';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { AuditDetailDialog } from './audit-detail-dialog';
import { AuditFiltersBar } from './audit-filters';

/** A change as one short line: the fields that changed, before → after. */
function changeLine(entry: AuditEntryView): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys
    .map((key) => {
      const was = entry.before?.[key];
      const now = entry.after?.[key];
      const text = (v: unknown) => (v === undefined ? '∅' : typeof v === 'string' ? v : JSON.stringify(v));
      return `${key}: ${text(was)} → ${text(now)}`;
    })
    .join('; ');
}

/** /control/audit: the audit log, filtered and paged on the server; a row opens the entry in full. */
export function AuditPage() {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [open, setOpen] = useState<AuditEntryView | null>(null);
  const audit = useAudit(filters, { offset: pagination.page * pagination.pageSize, limit: pagination.pageSize });
  const onFilters = useCallback((next: AuditFilters) => {
    setFilters((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    setPagination((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }, []);

  const columns = useMemo<GridColDef<AuditEntryView>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('audit.columns.time'),
        width: 170,
        valueFormatter: (v: string) => format.dateTime(v),
      },
      {
        field: 'actor',
        headerName: t('audit.columns.actor'),
        minWidth: 180,
        flex: 1,
        valueGetter: (_v, row) => (row.actorId === null ? t('audit.system') : (row.actorEmail ?? `#${row.actorId}`)),
      },
      { field: 'actorRole', headerName: t('audit.columns.role'), width: 100 },
      { field: 'action', headerName: t('audit.columns.action'), minWidth: 150, flex: 0.8 },
      {
        field: 'target',
        headerName: t('audit.columns.target'),
        minWidth: 140,
        flex: 0.8,
        valueGetter: (_v, row) => `${row.targetType} ${row.targetId}`,
      },
      {
        field: 'change',
        headerName: t('audit.columns.change'),
        minWidth: 200,
        flex: 1.2,
        valueGetter: (_v, row) => changeLine(row),
      },
      { field: 'reason', headerName: t('audit.columns.reason'), minWidth: 140, flex: 0.8 },
      { field: 'ip', headerName: t('audit.columns.ip'), width: 130 },
      { field: 'requestId', headerName: t('audit.columns.requestId'), width: 150 },
    ],
    [t, format],
  );

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="control-audit">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('audit.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
          {t('audit.lead')}
        </Typography>
      </Box>
      <AuditFiltersBar onChange={onFilters} />
      {audit.isError && <Alert severity="error">{translateError(t, audit.error)}</Alert>}
      <Box data-testid="audit-grid">
        <DataGrid
          rows={audit.data?.entries ?? []}
          columns={columns}
          rowCount={audit.data?.total ?? 0}
          loading={audit.isFetching}
          paginationMode="server"
          filterMode="server"
          sortingMode="server"
          disableColumnSorting
          disableColumnFilter
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[25, 50, 100]}
          onRowClick={({ row }) => setOpen(row)}
          autoHeight
          disableRowSelectionOnClick
          localeText={dataGridLocaleText(format.locale)}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Box>
      {open && <AuditDetailDialog entry={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
