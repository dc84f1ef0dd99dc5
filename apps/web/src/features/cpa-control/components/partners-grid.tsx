import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { ruRU } from '@mui/x-data-grid/locales';
import type { CpaPartnerRow, CpaPartnerStatus } from '@app/shared/schemas/cpa-programme';
import { StatusChip, type StatusTone } from '../../../components/status-chip';
import { useFormat } from '../../../lib/use-format';

const PARTNER_TONE: Record<CpaPartnerStatus, StatusTone> = {
  applied: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Waiting applications first, then the rest by traffic. */
const order = (a: CpaPartnerRow, b: CpaPartnerRow) =>
  Number(b.status === 'applied') - Number(a.status === 'applied') || b.hits - a.hits || a.userId - b.userId;

/** Every applicant and partner with their traffic over all time: a sortable, filterable grid. */
export function PartnersGrid({
  partners,
  loading,
  onOpen,
}: {
  partners: CpaPartnerRow[];
  loading: boolean;
  /** A row was chosen: its links and the decisions that fit it. */
  onOpen: (partner: CpaPartnerRow) => void;
}) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const rows = useMemo(() => [...partners].sort(order), [partners]);

  const columns = useMemo<GridColDef<CpaPartnerRow>[]>(() => {
    const money = (field: 'value' | 'profit' | 'paid'): GridColDef<CpaPartnerRow> => ({
      field,
      headerName: t(`card.${field}`),
      type: 'number',
      width: 130,
      valueGetter: (_value, row) => Number(row[field]),
      renderCell: ({ row }) => format.amount(row[field], 'USDT'),
    });
    return [
      {
        field: 'email',
        headerName: t('control.columns.partner'),
        minWidth: 220,
        flex: 1,
        valueGetter: (_value, row) => (row.username ? `${row.username} · ${row.email}` : row.email),
      },
      {
        field: 'status',
        headerName: t('control.columns.status'),
        width: 130,
        valueFormatter: (value: CpaPartnerStatus) => t(`partnerStatuses.${value}`),
        renderCell: ({ row }) => (
          <StatusChip
            status={row.status}
            tones={PARTNER_TONE}
            label={t(`partnerStatuses.${row.status}`)}
            testId="partner-status"
          />
        ),
      },
      { field: 'links', headerName: t('control.columns.links'), type: 'number', width: 90 },
      { field: 'hits', headerName: t('card.hits'), type: 'number', width: 100 },
      { field: 'regs', headerName: t('card.regs'), type: 'number', width: 120 },
      money('value'),
      money('profit'),
      money('paid'),
      { field: 'contact', headerName: t('apply.contact'), minWidth: 160, flex: 0.6 },
      {
        field: 'appliedAt',
        headerName: t('control.columns.appliedAt'),
        width: 170,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'open',
        headerName: '',
        width: 110,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Button size="small" onClick={() => onOpen(row)} data-testid="cpa-partner-open">
            {t('control.open')}
          </Button>
        ),
      },
    ];
  }, [t, format, onOpen]);

  return (
    <Box sx={{ width: '100%' }} data-testid="cpa-partners-grid">
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={(row) => row.userId}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        onRowDoubleClick={({ row }) => onOpen(row)}
        density="compact"
        pageSizeOptions={[10, 25, 50]}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        localeText={format.locale === 'ru' ? ruRU.components.MuiDataGrid.defaultProps.localeText : undefined}
        aria-label={t('control.partners')}
      />
    </Box>
  );
}
