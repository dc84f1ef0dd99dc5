import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { REPORT_COMMENT_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@app/shared/schemas/chat';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useReportUser } from '../api/report-user';

export interface ReportTarget {
  userId: number;
  name: string;
  /** The message that shows the problem (reported from a scam warning). */
  messageId?: number;
  /** Whether "also block" is offered (not when already blocked). */
  canBlock: boolean;
}

/**
 * A report for the moderators: a reason (required), an optional comment and, when it was opened
 * from a message, that message. "Also block" blocks right after the report is stored.
 */
export function ReportDialog({
  target,
  onClose,
  onReported,
}: {
  target: ReportTarget | null;
  onClose: () => void;
  onReported: (alsoBlock: boolean) => void;
}) {
  const { t } = useTranslation('chat');
  const report = useReportUser();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);
  const tooLong = comment.length > REPORT_COMMENT_MAX_LENGTH;

  const close = () => {
    onClose();
    // Cleared after the closing transition would be nicer; the next opening starts fresh either way.
    setReason('');
    setComment('');
    setAlsoBlock(false);
    setMissingReason(false);
    report.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    if (tooLong) return;
    report.mutate(
      { userId: target.userId, reason, comment: comment.trim() || undefined, messageId: target.messageId },
      {
        onSuccess: () => {
          onReported(alsoBlock && target.canBlock);
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={Boolean(target)}
      onClose={close}
      aria-labelledby="report-title"
      data-testid="report-dialog"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="report-title">{t('report.title', { name: target?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('report.lead', { name: target?.name ?? '' })}</DialogContentText>
          <FormControl error={missingReason && !reason} required>
            <FormLabel id="report-reason-label">{t('report.reason')}</FormLabel>
            <RadioGroup
              aria-labelledby="report-reason-label"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as ReportReason);
                setMissingReason(false);
              }}
            >
              {REPORT_REASONS.map((r) => (
                <FormControlLabel
                  key={r}
                  value={r}
                  control={<Radio size="small" />}
                  label={t(`report.reasons.${r}`)}
                  data-testid={`reason-${r}`}
                />
              ))}
            </RadioGroup>
            {missingReason && !reason && <FormHelperText>{t('report.chooseReason')}</FormHelperText>}
          </FormControl>
          <TextField
            label={t('report.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={3}
            maxRows={8}
            fullWidth
            error={tooLong}
            helperText={
              tooLong || comment.length > REPORT_COMMENT_MAX_LENGTH - 100
                ? t('report.counter', { length: comment.length, max: REPORT_COMMENT_MAX_LENGTH })
                : t('report.commentHelp')
            }
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { 'data-testid': 'report-comment' } }}
          />
          {target?.messageId && (
            <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
              {t('report.withMessage')}
            </Alert>
          )}
          {target?.canBlock && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={alsoBlock} onChange={(e) => setAlsoBlock(e.target.checked)} />}
              label={t('report.alsoBlock', { name: target.name })}
            />
          )}
          {report.error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="report-error">
              {translateError(t, report.error instanceof ApiError ? report.error : {})}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('report.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={report.isPending}
            data-testid="submit-report"
          >
            {t('report.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
