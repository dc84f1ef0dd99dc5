import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ScamWarning as ScamKind } from '@app/shared/scam-detector';

/**
 * Under a received message the shared detector flagged: what each risk means, said kindly, and a
 * way to report the message.
 */
export function ScamWarning({ kinds, onReport }: { kinds: ScamKind[]; onReport: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="scam-warning"
      sx={{
        mt: 0.75,
        maxWidth: { xs: '92%', sm: 480 },
        py: 0.25,
        bgcolor: 'background.paper',
        '& .MuiAlert-message': { fontSize: 13.5 },
      }}
    >
      <AlertTitle sx={{ fontSize: 14, mb: 0.5 }}>{t('scam.title')}</AlertTitle>
      {kinds.map((kind) => (
        <p key={kind} style={{ margin: '0 0 6px' }} data-kind={kind}>
          {t(`scam.${kind}`)}
        </p>
      ))}
      <Button size="small" color="warning" onClick={onReport} sx={{ ml: -0.75, mt: 0.25 }}>
        {t('scam.report')}
      </Button>
    </Alert>
  );
}
