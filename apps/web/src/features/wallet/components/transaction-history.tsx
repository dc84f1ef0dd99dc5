import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@app/shared/schemas/crypto';
import { useTransactions } from '../api/get-transactions';
import { TransactionRow } from './transaction-row';

export const HISTORY_PAGE_SIZE = 10;

/** The caller's transactions with type and status filters and pages. */
export function TransactionHistory({ explorerUrl }: { explorerUrl: string | null }) {
  const { t } = useTranslation('wallet');
  const [type, setType] = useState<TransactionType | ''>('');
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const [page, setPage] = useState(1);
  const params = {
    offset: (page - 1) * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
    ...(type && { type }),
    ...(status && { status }),
  };
  const { data, isPending, isError, isFetching, refetch } = useTransactions(params);
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  const filtered = Boolean(type || status);

  return (
    <Box component="section" id="history" aria-labelledby="history-title" sx={{ scrollMarginTop: 80 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Typography id="history-title" variant="h5" component="h2">
          {t('history.title')}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ width: { xs: '100%', md: 'auto' } }}>
          <TextField
            select
            size="small"
            label={t('history.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as TransactionType | '');
              setPage(1);
            }}
            sx={{ minWidth: { md: 200 }, flex: { xs: 1, md: 'none' } }}
            data-testid="filter-type"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('history.allTypes')}</MenuItem>
            {TRANSACTION_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`type.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('history.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as TransactionStatus | '');
              setPage(1);
            }}
            sx={{ minWidth: { md: 180 }, flex: { xs: 1, md: 'none' } }}
            data-testid="filter-status"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('history.allStatuses')}</MenuItem>
            {TRANSACTION_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>

      <Card sx={{ border: 1, borderColor: 'divider', position: 'relative' }} data-testid="history">
        {isFetching && !isPending && (
          <LinearProgress
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
            aria-label={t('loading')}
          />
        )}
        {isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : isError ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => refetch()}>{t('retry')}</Button>}>
            {t('history.error')}
          </Alert>
        ) : data.items.length === 0 ? (
          <Stack
            spacing={1}
            sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
            data-testid="history-empty"
          >
            <HistoryIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
            <Typography sx={{ fontWeight: 600 }}>
              {filtered ? t('history.emptyFiltered') : t('history.empty')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {filtered ? t('history.emptyFilteredText') : t('history.emptyText')}
            </Typography>
          </Stack>
        ) : (
          <Box sx={{ '& > :first-of-type': { borderTop: 0 } }}>
            {data.items.map((tx) => (
              <TransactionRow key={tx.id} tx={tx} explorerUrl={explorerUrl} />
            ))}
          </Box>
        )}
        {data && data.total > 0 && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              justifyContent: 'space-between',
              alignItems: 'center',
              px: 2,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" color="textSecondary" data-testid="history-range">
              {t('history.range', {
                from: params.offset + 1,
                to: Math.min(params.offset + HISTORY_PAGE_SIZE, data.total),
                total: data.total,
              })}
            </Typography>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={page}
                onChange={(_, value) => setPage(value)}
                siblingCount={0}
                shape="rounded"
                color="primary"
                getItemAriaLabel={(kind, value) =>
                  kind === 'page' ? t('history.pageLabel', { page: value }) : t(`history.${kind}Page`)
                }
              />
            )}
          </Stack>
        )}
      </Card>
    </Box>
  );
}
