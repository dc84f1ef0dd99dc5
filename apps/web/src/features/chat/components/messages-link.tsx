import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { RouterLink } from '../../../components/router-link';
import { useUnreadTotal } from '../lib/use-unread-total';

/*
 * The header's way into the chat, with the live unread total. Only signed-in people see it, so
 * the header loads this file lazily and guests never download it. The drawer's entry is a file of
 * its own (messages-drawer-item.tsx), loaded when the drawer opens.
 */

export const shown = (total: number) => (total > 99 ? '99+' : total);

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
