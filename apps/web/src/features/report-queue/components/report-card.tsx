import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatPeer, Report, ReportStatus } from '@app/shared/schemas/chat';
import type { ReportAction } from '@app/shared/schemas/people-control';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RouterLink } from '../../../components/router-link';
import { StatusChip, type StatusTone } from '../../../components/status-chip';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useReportAction } from '../api/report-action';
import { MessageContext } from './message-context';

export const REPORT_TONE: Record<ReportStatus, StatusTone> = {
  OPEN: 'warning',
  ASSIGNED: 'info',
  RESOLVED: 'success',
  DISMISSED: 'default',
};

const nameOf = (peer: ChatPeer) =>
  [peer.firstName, peer.lastName].filter(Boolean).join(' ') || (peer.domain ? `@${peer.domain}` : `#${peer.id}`);

type Decision = Exclude<ReportAction, 'assign'>;
const DANGER: Record<Decision, boolean> = { dismiss: false, warn: false, block: true };

/** One report: who, about whom, why, the message in context, and what this staff member may do. */
export function ReportCard({
  report,
  canDecide,
  myId,
  onNotice,
}: {
  report: Report;
  /** Admins decide; moderators only take reports. */
  canDecide: boolean;
  myId: number | undefined;
  onNotice(text: string): void;
}) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const act = useReportAction();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = report.status === 'OPEN' || report.status === 'ASSIGNED';
  const person = nameOf(report.user);

  const take = async () => {
    setError(null);
    try {
      await act.mutateAsync({ id: report.id, action: 'assign' });
      onNotice(t('reports.done.assign'));
    } catch (failure) {
      setError(translateError(t, failure as { code?: string }));
    }
  };

  return (
    <Card
      variant="outlined"
      component="article"
      data-testid="report-card"
      data-report-id={report.id}
      aria-labelledby={`report-${report.id}`}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="h6" component="h3" id={`report-${report.id}`} sx={{ mr: 1 }}>
              <Link component={RouterLink} href={`/control/people/${report.user.id}`} data-testid="report-person">
                {person}
              </Link>
            </Typography>
            <StatusChip
              status={report.status}
              tones={REPORT_TONE}
              label={t(`status.${report.status}`)}
              testId="report-status"
            />
            <Chip size="small" variant="outlined" label={t(`reasons.${report.reason}`)} />
            {report.openReportsOnUser > 1 && (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('reports.waitingOnPerson', { count: report.openReportsOnUser })}
                data-testid="report-count"
              />
            )}
            {report.userBlocked && (
              <Chip size="small" color="error" label={t('people.blocked')} data-testid="report-blocked" />
            )}
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {t('reports.byline', {
              reporter: nameOf(report.reporter),
              id: report.user.id,
              when: format.dateTime(report.createdAt),
            })}
            {report.assignedTo !== null &&
              ` · ${report.assignedTo === myId ? t('reports.assignedToMe') : t('reports.assignedTo', { id: report.assignedTo })}`}
          </Typography>
          {report.comment && (
            <Typography
              variant="body1"
              sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}
              data-testid="report-comment"
            >
              “{report.comment}”
            </Typography>
          )}
          <MessageContext report={report} />
          {!report.context.length && report.message === null && (
            <Typography variant="body2" color="textSecondary">
              {t('reports.noMessage')}
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {report.note && (
            <Typography variant="body2" color="textSecondary">
              {t('reports.note', { note: report.note })}
            </Typography>
          )}
        </Stack>
      </CardContent>
      {waiting && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {report.assignedTo !== myId && (
            <Button variant="outlined" onClick={take} disabled={act.isPending} data-testid="report-assign">
              {t('reports.actions.assign')}
            </Button>
          )}
          {canDecide &&
            (['warn', 'dismiss', 'block'] as const).map((action) => (
              <Button
                key={action}
                variant="outlined"
                color={action === 'block' ? 'error' : 'primary'}
                onClick={() => setDecision(action)}
                disabled={action === 'block' && report.userBlocked}
                data-testid={`report-${action}`}
              >
                {t(`reports.actions.${action}`)}
              </Button>
            ))}
        </CardActions>
      )}
      {decision && (
        <ReasonDialog
          title={t(`reports.dialog.${decision}.title`, { name: person })}
          text={t(`reports.dialog.${decision}.text`)}
          label={t(`reports.dialog.${decision}.label`)}
          confirm={t(`reports.actions.${decision}`)}
          cancel={t('cancel')}
          danger={DANGER[decision]}
          testId={`report-${decision}-dialog`}
          onConfirm={async (reason) => {
            await act.mutateAsync({ id: report.id, action: decision, reason });
            onNotice(t(`reports.done.${decision}`, { name: person }));
          }}
          onClose={() => setDecision(null)}
        />
      )}
    </Card>
  );
}
