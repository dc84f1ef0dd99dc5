import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AuditEntryView } from '@app/shared/schemas/audit';
import { useFormat } from '../../../lib/use-format';

function Json({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation('operations');
  const empty = value === null || (typeof value === 'object' && Object.keys(value as object).length === 0);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 0.5,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {empty ? t('audit.detail.none') : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** One entry in full: who, from where, in which request, and what it changed. */
export function AuditDetailDialog({ entry, onClose }: { entry: AuditEntryView; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const rows: [string, string][] = [
    [t('audit.columns.time'), format.dateTime(entry.createdAt)],
    [
      t('audit.columns.actor'),
      entry.actorId === null ? t('audit.system') : `${entry.actorEmail ?? ''} (#${entry.actorId})`,
    ],
    [t('audit.columns.role'), entry.actorRole ?? ''],
    [t('audit.columns.action'), entry.action],
    [t('audit.columns.target'), `${entry.targetType} ${entry.targetId}`],
    [t('audit.columns.reason'), entry.reason ?? t('audit.detail.none')],
    [t('audit.columns.ip'), entry.ip ?? t('audit.detail.none')],
    [t('audit.columns.requestId'), entry.requestId ?? t('audit.detail.none')],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="audit-detail">
      <DialogTitle>{t('audit.detail.title', { id: entry.id })}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="textSecondary" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Json title={t('audit.detail.before')} value={entry.before} />
          <Json title={t('audit.detail.after')} value={entry.after} />
        </Box>
        <Box sx={{ mt: 2 }}>
          <Json title={t('audit.detail.details')} value={entry.details} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('audit.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
