import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { ruRU } from '@mui/x-data-grid/locales';
import type { PersonRow } from '@app/shared/schemas/people-control';
import { RouterLink } from '../../../components/router-link';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { usePeople } from '../api/get-people';
import { REFERRAL_FLAGS_PATH } from '../lib/paths';
import { personName } from '../lib/person-name';
import { RoleChip } from './role-chip';

/** Typing settles this long before the search asks the server. */
const SEARCH_DELAY_MS = 300;

/** /control/people: find someone by id, e-mail, nickname or name; a row opens their page. */
export function PeoplePage() {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPagination((current) => ({ ...current, page: 0 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const people = usePeople({ q, page: pagination.page, pageSize: pagination.pageSize });

  const columns = useMemo<GridColDef<PersonRow>[]>(
    () => [
      { field: 'id', headerName: t('people.columns.id'), width: 80, type: 'number' },
      {
        field: 'name',
        headerName: t('people.columns.name'),
        minWidth: 180,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => personName(row),
        // A real link too, so the keyboard and a middle click open the person as well as a row click.
        renderCell: ({ row, value }) => (
          <Link component={RouterLink} href={`/control/people/${row.id}`} underline="hover" data-testid="person-link">
            {value}
          </Link>
        ),
      },
      { field: 'email', headerName: t('people.columns.email'), minWidth: 220, flex: 1, sortable: false },
      {
        field: 'role',
        headerName: t('people.columns.role'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <RoleChip role={row.role} level={row.level} />,
      },
      {
        field: 'state',
        headerName: t('people.columns.state'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.blockedAt && (
              <Chip size="small" color="error" label={t('people.blocked')} data-testid="person-row-blocked" />
            )}
            {row.openReports > 0 && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('people.reportsShort', { count: row.openReports })}
              />
            )}
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('people.columns.createdAt'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(value),
      },
    ],
    [t, format],
  );

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="control-people">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
            {t('people.title')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
            {t('people.lead')}
          </Typography>
        </Box>
        {/* Self-referral flags are about people, so their list opens from here (and keeps this tab lit). */}
        <Button
          component={RouterLink}
          href={REFERRAL_FLAGS_PATH}
          variant="outlined"
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}
          data-testid="people-referral-flags"
        >
          {t('people.flagsLink')}
        </Button>
      </Stack>
      <TextField
        type="search"
        label={t('people.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ maxWidth: 480 }}
        slotProps={{ htmlInput: { 'data-testid': 'people-search', maxLength: 100 } }}
      />
      {people.isError && <Alert severity="error">{translateError(t, people.error)}</Alert>}
      <Box sx={{ width: '100%' }} data-testid="people-grid">
        <DataGrid
          rows={people.data?.items ?? []}
          columns={columns}
          rowCount={people.data?.total ?? 0}
          loading={people.isFetching}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[25, 50, 100]}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          density="compact"
          onRowClick={({ row }) => navigate(`/control/people/${row.id}`)}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          localeText={format.locale === 'ru' ? ruRU.components.MuiDataGrid.defaultProps.localeText : undefined}
          aria-label={t('people.title')}
        />
      </Box>
    </Stack>
  );
}
