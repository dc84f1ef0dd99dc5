import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { RouterLink } from '../../../components/router-link';
import { useUnreadTotal } from '../lib/use-unread-total';
import { shown } from './messages-link';

/** The phone drawer's entry. */
export function MessagesDrawerItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const total = useUnreadTotal();
  return (
    <ListItemButton component={RouterLink} href="/chat" onClick={onClick} data-testid="drawer-messages">
      <ListItemIcon>
        <Badge badgeContent={total ? shown(total) : undefined} color="primary" invisible={!total}>
          <ChatIcon />
        </Badge>
      </ListItemIcon>
      <ListItemText
        primary={t('common:nav.messages')}
        secondary={total ? t('common:nav.messagesUnread', { count: total }) : undefined}
      />
    </ListItemButton>
  );
}
