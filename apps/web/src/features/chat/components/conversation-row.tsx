import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import type { Conversation } from '@app/shared/schemas/chat';
import { RouterLink } from '../../../components/router-link';
import { formatListTime, peerName } from '../lib/format';
import { PeerAvatar } from './peer-avatar';
import { Ticks } from './ticks';
import { VerifiedCheck } from '../../../components/verified-check';

/** One conversation in the list: who, the last message (mine with its ticks), when, and unread. */
export function ConversationRow({
  conversation,
  selected,
  typing,
}: {
  conversation: Conversation;
  selected: boolean;
  typing: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const { peer, lastMessage, unread } = conversation;
  const mine = lastMessage ? lastMessage.senderId !== peer.id : false;
  const name = peerName(peer);
  return (
    <ListItemButton
      component={RouterLink}
      href={`/chat/${conversation.id}`}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
      data-unread={unread}
      sx={{
        gap: 1.5,
        px: 1.5,
        py: 1,
        mx: 1,
        my: 0.25,
        borderRadius: 2,
        alignItems: 'center',
        '&.Mui-selected': { bgcolor: 'rgba(47,123,255,0.16)' },
        '&.Mui-selected:hover': { bgcolor: 'rgba(47,123,255,0.22)' },
      }}
    >
      <PeerAvatar peer={peer} size={50} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} data-testid="conversation-name">
            {name}
          </Typography>
          <VerifiedCheck verified={peer.verified} size={16} testId="conversation-verified" />
          {conversation.blocked && (
            <BlockIcon
              sx={{ fontSize: 14, color: 'text.secondary', alignSelf: 'center' }}
              titleAccess={t('list.blocked')}
            />
          )}
          {lastMessage && (
            <Typography variant="caption" sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0 }}>
              {formatListTime(new Date(lastMessage.createdAt), i18n.language)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
          <Typography
            variant="body2"
            noWrap
            sx={{ flex: 1, minWidth: 0, color: typing ? 'primary.main' : 'text.secondary' }}
            data-testid="conversation-preview"
          >
            {typing ? (
              t('list.typing')
            ) : lastMessage ? (
              <>
                {mine && (
                  <Box
                    component="span"
                    sx={{
                      color: conversation.peerLastReadMessageId >= lastMessage.id ? 'primary.main' : 'text.secondary',
                      mr: 0.5,
                      fontSize: 15,
                    }}
                  >
                    <Ticks state={conversation.peerLastReadMessageId >= lastMessage.id ? 'read' : 'sent'} />
                  </Box>
                )}
                {mine && (
                  <Box component="span" sx={{ color: 'text.primary' }}>
                    {t('list.you')}
                  </Box>
                )}
                {mine && ' '}
                {lastMessage.text.replace(/\s+/g, ' ')}
              </>
            ) : (
              t('list.noMessages')
            )}
          </Typography>
          {unread > 0 && (
            <Box
              component="span"
              aria-label={t('list.unread', { count: unread })}
              data-testid="conversation-unread"
              sx={{
                minWidth: 22,
                height: 22,
                px: 0.75,
                borderRadius: 11,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: 12.5,
                fontWeight: 700,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
              }}
            >
              {unread > 999 ? '999+' : unread}
            </Box>
          )}
        </Box>
      </Box>
    </ListItemButton>
  );
}
