import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApproveIcon from '@mui/icons-material/CheckOutlined';
import RejectIcon from '@mui/icons-material/CloseOutlined';
import type { CpaPartnerRow } from '@app/shared/schemas/cpa-programme';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useDecidePartner } from '../api/decide-partner';
import { RejectDialog } from './reject-dialog';

function ApplicationCard({
  application,
  onReject,
  onApproved,
}: {
  application: CpaPartnerRow;
  onReject: () => void;
  onApproved: () => void;
}) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const decide = useDecidePartner();
  return (
    <Card variant="outlined" data-testid="cpa-application-row" data-user={application.userId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Box>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {application.username ? `${application.username} · ${application.email}` : application.email}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('control.appliedAt', { time: format.dateTime(application.appliedAt) })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('apply.trafficSources')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {application.trafficSources}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('apply.contact')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{application.contact}</Typography>
          </Box>
          {decide.isError && <Alert severity="error">{translateError(t, decide.error)}</Alert>}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              color="success"
              startIcon={<ApproveIcon />}
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { userId: application.userId, decision: { decision: 'approve' } },
                  { onSuccess: onApproved },
                )
              }
              data-testid="cpa-approve"
            >
              {t('control.approve')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<RejectIcon />}
              disabled={decide.isPending}
              onClick={onReject}
              data-testid="cpa-reject"
            >
              {t('control.rejectAction')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Applications waiting for a decision, oldest first: approve, or reject with a reason. */
export function ApplicationsSection({
  applications,
  onNotice,
}: {
  applications: CpaPartnerRow[];
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('cpa');
  const [rejecting, setRejecting] = useState<CpaPartnerRow | null>(null);
  const waiting = [...applications].sort((a, b) => a.appliedAt.localeCompare(b.appliedAt));
  const name = (row: CpaPartnerRow) => row.username ?? row.email;

  return (
    <Box component="section" aria-labelledby="cpa-applications-title" data-testid="cpa-applications">
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h5" component="h2" id="cpa-applications-title">
          {t('control.applicationsTitle')}
        </Typography>
        {waiting.length > 0 && (
          <Chip
            size="small"
            color="warning"
            label={t('control.applications', { count: waiting.length })}
            data-testid="cpa-applications-count"
          />
        )}
      </Stack>
      {waiting.length === 0 ? (
        <Typography color="textSecondary" data-testid="cpa-applications-empty">
          {t('control.noApplications')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {waiting.map((row) => (
            <ApplicationCard
              key={row.userId}
              application={row}
              onReject={() => setRejecting(row)}
              onApproved={() => onNotice(t('control.approved', { name: name(row) }))}
            />
          ))}
        </Box>
      )}
      {rejecting && (
        <RejectDialog
          partner={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            onNotice(t('control.rejected', { name: name(rejecting) }));
            setRejecting(null);
          }}
        />
      )}
    </Box>
  );
}
