import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { RouterLink } from '../../../components/router-link';
import { useUnreadTotal } from '../lib/use-unread-total';

/*
 * The header's way into the chat, with the live unread total. Only signed-in people see it, so
 * the header loads this file lazily and guests never download it.
 */

const shown = (total: number) => (total > 99 ? '99+' : total);

/** The header's icon button with the unread badge. */
export function MessagesButton() {
  const { t } = useTranslation();
  const total = useUnreadTotal();
  return (
    <IconButton
      component={RouterLink}
      href="/chat"
      color="inherit"
      aria-label={total ? t('common:nav.messagesUnread', { count: total }) : t('common:nav.messages')}
      data-testid="messages-button"
      data-unread={total}
    >
      <Badge
        badgeContent={total ? shown(total) : undefined}
        color="primary"
        invisible={!total}
        slotProps={{ badge: { 'data-testid': 'unread-badge' } as object }}
      >
        <ChatIcon />
      </Badge>
    </IconButton>
  );
}

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
