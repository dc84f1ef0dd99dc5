import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import type { ReferralFlag, ReferralPerson } from '@app/shared/schemas/referral';
import { RouterLink } from '../../../components/router-link';
import { dataGridLocaleText } from '../../../lib/data-grid-locale';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useReferralFlags } from '../api/get-referral-flags';
import { personName } from '../lib/person-name';
import { PersonLink } from './person-link';

/** A person's cell: the linked name over the e-mail (the e-mail tells "same mailbox" cases apart). */
function PersonCell({ person, testId }: { person: ReferralPerson; testId: string }) {
  return (
    <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0, lineHeight: 1.3 }}>
      <PersonLink person={person} testId={testId} />
      <Typography variant="caption" color="textSecondary" noWrap>
        {person.email}
      </Typography>
    </Stack>
  );
}

/** On a phone the four columns would scroll sideways: one cell tells the whole flag instead. */
function FlagCell({ flag }: { flag: ReferralFlag }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  return (
    <Stack spacing={0.5} sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" color="warning" variant="outlined" label={t(`selfReferral.${flag.reason}`)} />
        <Typography variant="caption" color="textSecondary">
          {format.dateTime(flag.createdAt)}
        </Typography>
      </Stack>
      <Typography variant="body2" noWrap>
        <PersonLink person={flag.beneficiary} testId="flag-beneficiary" /> ←{' '}
        <PersonLink person={flag.referral} testId="flag-referral" />
      </Typography>
    </Stack>
  );
}

/**
 * /control/people/referral-flags: every reward withheld as self-referral, newest first: who would
 * have earned it, from whom, and what the two accounts share.
 */
export function ReferralFlagsPage() {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const flags = useReferralFlags(pagination);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const columns = useMemo<GridColDef<ReferralFlag>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('flags.columns.createdAt'),
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'beneficiary',
        headerName: t('flags.columns.beneficiary'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => personName(row.beneficiary),
        renderCell: ({ row }) => <PersonCell person={row.beneficiary} testId="flag-beneficiary" />,
      },
      {
        field: 'referral',
        headerName: t('flags.columns.referral'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => personName(row.referral),
        renderCell: ({ row }) => <PersonCell person={row.referral} testId="flag-referral" />,
      },
      {
        field: 'reason',
        headerName: t('flags.columns.reason'),
        width: 190,
        sortable: false,
        valueGetter: (_value, row) => t(`selfReferral.${row.reason}`),
        renderCell: ({ value }) => <Chip size="small" color="warning" variant="outlined" label={value as string} />,
      },
    ],
    [t, format],
  );
  const phoneColumns = useMemo<GridColDef<ReferralFlag>[]>(
    () => [
      {
        field: 'flag',
        headerName: `${t('flags.columns.beneficiary')} ← ${t('flags.columns.referral')}`,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => <FlagCell flag={row} />,
      },
    ],
    [t],
  );

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="control-referral-flags">
      <Link component={RouterLink} href="/control/people" variant="body2">
        {t('person.back')}
      </Link>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('flags.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
          {t('flags.lead')}
        </Typography>
      </Box>
      {flags.isError && <Alert severity="error">{translateError(t, flags.error)}</Alert>}
      <Box sx={{ width: '100%' }} data-testid="referral-flags-grid">
        <DataGrid
          rows={flags.data?.items ?? []}
          columns={phone ? phoneColumns : columns}
          rowCount={flags.data?.total ?? 0}
          loading={flags.isFetching}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[25, 50, 100]}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          rowHeight={phone ? 72 : 56}
          localeText={dataGridLocaleText(format.locale, { noRowsLabel: t('flags.empty') })}
          aria-label={t('flags.title')}
        />
      </Box>
    </Stack>
  );
}
