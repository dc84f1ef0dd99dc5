import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { kycStatusSchema, KYC_REVIEW_HOURS, type KycStatus } from '@app/shared/schemas/kyc';
import { useNow } from '../../../lib/use-now';
import { useKycQueue } from '../api/get-kyc-queue';
import { ApplicationDetail } from './application-detail';
import { QueueFilters } from './queue-filters';
import { QueueList } from './queue-list';

const PAGE_SIZE = 20;

/**
 * /control/kyc: the queue of applications, oldest first, beside the one being checked. Filters,
 * page and selection live in the address, so a moderator can share a link to an application.
 */
export function KycModerationPage({ myId }: { myId: number | undefined }) {
  const { t } = useTranslation('kyc');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: KycStatus | 'all' =
    statusParam === 'all' ? 'all' : (kycStatusSchema.safeParse(statusParam).data ?? 'requested');
  const lastName = params.get('lastName') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selectedId = Number(params.get('id')) || null;
  const now = useNow(60_000);

  const queue = useKycQueue({
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(status !== 'all' && { status }),
    ...(lastName && { lastName }),
  });

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onFilter = useCallback(
    (next: { status: KycStatus | 'all'; lastName: string }) =>
      update({ status: next.status === 'requested' ? null : next.status, lastName: next.lastName, page: null }),
    [update],
  );

  const total = queue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Box sx={{ py: 3 }} data-testid="kyc-moderation">
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('control.title')}
        </Typography>
        <Typography color="textSecondary" data-testid="kyc-queue-total">
          {t('control.total', { count: total })}
        </Typography>
      </Stack>
      <Typography color="textSecondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('control.lead', { hours: KYC_REVIEW_HOURS })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            p: 2,
            display: { xs: selectedId ? 'none' : 'block', md: 'block' },
            position: { md: 'sticky' },
            top: { md: 16 },
          }}
        >
          <QueueFilters status={status} lastName={lastName} onChange={onFilter} />
          <Box sx={{ height: 4, mt: 1.5 }}>{queue.isFetching && <LinearProgress />}</Box>
          <QueueList
            items={queue.data?.items ?? []}
            selectedId={selectedId}
            onSelect={(id) => update({ id: String(id) })}
            now={now}
          />
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, next) => update({ page: next === 1 ? null : String(next) })}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              size="small"
            />
          )}
        </Paper>
        <Box sx={{ display: { xs: selectedId ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          {selectedId ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <ApplicationDetail id={selectedId} myId={myId} now={now} onBack={() => update({ id: null })} />
            </Paper>
          ) : (
            <Paper
              variant="outlined"
              sx={{ p: 6, textAlign: 'center', borderStyle: 'dashed', color: 'text.secondary' }}
              data-testid="kyc-no-selection"
            >
              {t('control.pick')}
            </Paper>
          )}
        </Box>
      </Box>
    </Box>
  );
}
