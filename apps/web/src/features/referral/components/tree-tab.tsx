import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { NFT_LEVELS } from '@app/shared/constants';
import { REFERRAL_ROLES, type ReferralRow } from '@app/shared/schemas/referral';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { useFormat } from '../../../lib/use-format';
import { useReferrals, type ReferralFilters } from '../api/get-referrals';
import { useDebounced } from '../lib/use-debounced';

const ALL = '';

/**
 * The Referral tree tab: the caller's referrals (levels 1 to 3) in a server-paged grid with search
 * and filters; selecting a row lists that person's own referrals, with a trail back up.
 */
export function TreeTab() {
  const { t } = useTranslation('referral');
  const format = useFormat();
  const [trail, setTrail] = useState<{ id: number; name: string }[]>([]);
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<ReferralFilters, 'search'>>({});
  const query = useDebounced(search.trim(), 300);
  const parent = trail.at(-1) ?? null;
  const list = useReferrals(parent?.id ?? null, {
    ...filters,
    search: query || undefined,
    offset: page.page * page.pageSize,
    limit: page.pageSize,
  });

  const restart = () => setPage((p) => ({ ...p, page: 0 }));
  const filter = <K extends keyof typeof filters>(key: K, value: string) => {
    setFilters((f) => ({ ...f, [key]: value === ALL ? undefined : value }));
    restart();
  };

  const columns = useMemo<GridColDef<ReferralRow>[]>(
    () => [
      { field: 'username', headerName: t('tree.username'), flex: 1.4, minWidth: 160, sortable: false },
      {
        field: 'role',
        headerName: t('tree.role'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={t(`role.${row.role}`)}
            color={row.role === 'business' ? 'secondary' : 'default'}
            variant="outlined"
          />
        ),
      },
      { field: 'depth', headerName: t('tree.depth'), width: 90, sortable: false },
      {
        field: 'nfts',
        headerName: t('tree.nfts'),
        width: 140,
        sortable: false,
        valueGetter: (_, row) => (row.nfts.length ? row.nfts.join(', ') : '—'),
      },
      { field: 'meetings', headerName: t('tree.meetings'), width: 110, sortable: false },
      {
        field: 'received',
        headerName: t('tree.received'),
        width: 140,
        sortable: false,
        valueFormatter: (value: string) => format.amount(value, 'EEE'),
      },
      {
        field: 'referrals',
        headerName: t('tree.referrals'),
        width: 120,
        sortable: false,
      },
      {
        field: 'lastActivity',
        headerName: t('tree.lastActivity'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'joinedAt',
        headerName: t('tree.joinedAt'),
        width: 130,
        sortable: false,
        valueFormatter: (value: string) => format.date(value),
      },
    ],
    [t, format],
  );

  return (
    <Stack spacing={2} sx={{ mt: 3 }} data-testid="referral-tree">
      <Breadcrumbs aria-label={t('tree.trail')}>
        {[{ id: 0, name: t('tree.mine') }, ...trail].map((step, i, all) =>
          i === all.length - 1 ? (
            <Typography key={step.id} color="textPrimary" data-testid="referral-tree-current">
              {i === 0 ? step.name : t('tree.of', { name: step.name })}
            </Typography>
          ) : (
            <Link
              key={step.id}
              component="button"
              type="button"
              underline="hover"
              onClick={() => {
                setTrail(trail.slice(0, i));
                restart();
              }}
            >
              {i === 0 ? step.name : t('tree.of', { name: step.name })}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('tree.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            restart();
          }}
          size="small"
          sx={{ flex: 1, minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'referral-search', maxLength: 100 } }}
        />
        <TextField
          select
          size="small"
          label={t('tree.levels')}
          value={filters.depth ?? ALL}
          onChange={(e) => filter('depth', e.target.value)}
          sx={{ minWidth: 150 }}
          data-testid="referral-filter-depth"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value={ALL}>{t('tree.allLevels')}</MenuItem>
          {[1, 2, 3].map((depth) => (
            <MenuItem key={depth} value={depth}>
              {t('tree.level', { depth })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('tree.roles')}
          value={filters.role ?? ALL}
          onChange={(e) => filter('role', e.target.value)}
          sx={{ minWidth: 150 }}
          data-testid="referral-filter-role"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value={ALL}>{t('tree.allRoles')}</MenuItem>
          {REFERRAL_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`role.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('tree.tokens')}
          value={filters.nft ?? ALL}
          onChange={(e) => filter('nft', e.target.value)}
          sx={{ minWidth: 150 }}
          data-testid="referral-filter-nft"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value={ALL}>{t('tree.allNfts')}</MenuItem>
          {NFT_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {level}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      <Typography variant="body2" color="textSecondary">
        {t('tree.hint')}
      </Typography>
      <Box sx={{ width: '100%' }} data-testid="referral-grid">
        <DataGrid
          rows={list.data?.items ?? []}
          columns={columns}
          loading={list.isFetching}
          autoHeight
          disableColumnMenu
          disableRowSelectionOnClick
          paginationMode="server"
          rowCount={list.data?.total ?? 0}
          paginationModel={page}
          onPaginationModelChange={setPage}
          pageSizeOptions={[10, 25, 50, 100]}
          onRowClick={({ row }) => {
            setTrail([...trail, { id: row.id, name: row.username }]);
            restart();
          }}
          getRowClassName={() => 'referral-row'}
          sx={{ '& .referral-row': { cursor: 'pointer' } }}
          localeText={dataGridLocaleText(format.locale, { noRowsLabel: t('tree.empty') })}
          aria-label={t('tree.title')}
        />
      </Box>
    </Stack>
  );
}
