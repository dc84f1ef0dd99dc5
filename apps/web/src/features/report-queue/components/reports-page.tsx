import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { REPORT_STATUSES, type ReportStatus } from '@app/shared/schemas/chat';
import { translateError } from '../../../lib/i18n';
import { REPORTS_PAGE_SIZE, useReports } from '../api/get-reports';
import { ReportCard } from './report-card';

const ALL = 'ALL';

/**
 * /control/reports: people's reports, the people with the most waiting reports first. Moderators
 * read and take reports; admins dismiss, warn or block (the server checks both).
 */
export function ReportsPage({ myId, canDecide }: { myId: number | undefined; canDecide: boolean }) {
  const { t } = useTranslation('moderation');
  const [status, setStatus] = useState<ReportStatus | typeof ALL>('OPEN');
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const reports = useReports({ status: status === ALL ? null : status, page });
  const pages = Math.ceil((reports.data?.total ?? 0) / REPORTS_PAGE_SIZE);

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="control-reports">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {t('reports.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
          {canDecide ? t('reports.lead') : t('reports.leadModerator')}
        </Typography>
      </Box>

      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_event, value: ReportStatus | typeof ALL | null) => {
          if (!value) return;
          setStatus(value);
          setPage(0);
        }}
        aria-label={t('reports.filter')}
        sx={{ flexWrap: 'wrap' }}
      >
        {[...REPORT_STATUSES, ALL].map((value) => (
          <ToggleButton key={value} value={value} data-testid={`reports-filter-${value}`}>
            {t(`statuses.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {reports.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => reports.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, reports.error)}
        </Alert>
      )}

      {reports.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      ) : reports.data?.items.length ? (
        <Stack spacing={2} component="section" aria-label={t('reports.title')}>
          {reports.data.items.map((report) => (
            <ReportCard key={report.id} report={report} canDecide={canDecide} myId={myId} onNotice={setNotice} />
          ))}
        </Stack>
      ) : (
        reports.data && (
          <Typography color="textSecondary" data-testid="reports-empty">
            {t('reports.empty')}
          </Typography>
        )
      )}

      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_event, value) => setPage(value - 1)}
          sx={{ alignSelf: 'center' }}
        />
      )}

      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-testid="reports-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
