import { useTranslation } from 'react-i18next';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';

export type DeliveryState = 'sending' | 'failed' | 'sent' | 'read';

/** The state of my message: a clock while sending, ✓ stored, ✓✓ read by the peer, ! not sent. */
export function Ticks({ state, color }: { state: DeliveryState; color?: string }) {
  const { t } = useTranslation('chat');
  const common = { fontSize: 'inherit' as const, 'data-testid': 'ticks', 'data-state': state };
  const label = {
    sending: t('message.sending'),
    failed: t('message.notSent'),
    sent: t('message.sent'),
    read: t('message.read'),
  }[state];
  const sx = { width: '1.15em', height: '1.15em', color, verticalAlign: 'middle' };
  switch (state) {
    case 'sending':
      return <ScheduleIcon {...common} titleAccess={label} sx={sx} />;
    case 'failed':
      return <ErrorIcon {...common} titleAccess={label} sx={{ ...sx, color: color ?? '#ffb4ab' }} />;
    case 'sent':
      return <DoneIcon {...common} titleAccess={label} sx={sx} />;
    case 'read':
      return <DoneAllIcon {...common} titleAccess={label} sx={sx} />;
  }
}
