import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import MapIcon from '@mui/icons-material/MapOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import type { Conversation } from '@app/shared/schemas/chat';
import { RouterLink } from '../../../components/router-link';
import { useConversations } from '../api/get-conversations';
import { conversationsOf } from '../lib/merge';
import { useTypingConversations } from '../lib/use-typing-list';
import { ConversationRow } from './conversation-row';

/** The list pane: the caller's conversations, most recent first, live, with a search over names. */
export function ConversationList({
  selectedId,
  current,
  notice,
}: {
  selectedId?: number;
  current?: Conversation;
  notice?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const query = useConversations();
  const typing = useTypingConversations();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim().toLowerCase());

  const conversations = useMemo(() => {
    const all = conversationsOf(query.data);
    // A chat just started has no message yet, so the server does not list it: show it on top meanwhile.
    if (current && !all.some((c) => c.id === current.id)) all.unshift(current);
    if (!deferredSearch) return all;
    return all.filter(({ peer }) =>
      [peer.domain, peer.firstName, peer.lastName, [peer.firstName, peer.lastName].filter(Boolean).join(' ')].some(
        (v) => v?.toLowerCase().includes(deferredSearch),
      ),
    );
  }, [query.data, current, deferredSearch]);

  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 200 && query.hasNextPage && !query.isFetchingNextPage)
      void query.fetchNextPage();
  };

  const total = conversationsOf(query.data).length;
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="conversation-list"
    >
      <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('list.heading')}
        </Typography>
        {total > 0 && (
          <Box
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 0.5,
              borderRadius: '20px',
              bgcolor: 'rgba(0,0,0,0.05)',
              ...theme.applyStyles('dark', { bgcolor: 'rgba(255,255,255,0.06)' }),
            })}
          >
            <SearchIcon fontSize="small" sx={{ color: 'text.secondary' }} />
            <InputBase
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('list.search')}
              inputProps={{ 'aria-label': t('list.searchLabel'), type: 'search' }}
              sx={{ flex: 1, fontSize: 15 }}
            />
          </Box>
        )}
      </Box>
      {notice}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} onScroll={onScroll}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('list.retry')}
              </Button>
            }
          >
            {t('list.loadError')}
          </Alert>
        ) : conversations.length === 0 ? (
          deferredSearch ? (
            <Typography color="textSecondary" sx={{ p: 3, textAlign: 'center' }}>
              {t('list.noResults', { query: search.trim() })}
            </Typography>
          ) : (
            <EmptyList />
          )
        ) : (
          <List disablePadding aria-label={t('list.heading')} sx={{ pb: 1 }}>
            {conversations.map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} selected={c.id === selectedId} typing={typing.has(c.id)} />
              </li>
            ))}
          </List>
        )}
        {query.isFetchingNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={22} aria-label={t('list.loadingMore')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** No conversation yet: the way to people is the map. */
function EmptyList() {
  const { t } = useTranslation('chat');
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 6 }} data-testid="chat-empty">
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(47,123,255,0.15)',
          color: 'primary.main',
        }}
      >
        <ForumIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h6" component="h2">
        {t('empty.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 300 }}>
        {t('empty.text')}
      </Typography>
      <Button variant="contained" startIcon={<MapIcon />} href="/map" LinkComponent={RouterLink}>
        {t('empty.map')}
      </Button>
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Box sx={{ px: 2 }} data-testid="conversations-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1.25 }}>
          <Skeleton variant="circular" width={50} height={50} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="50%" />
            <Skeleton width="80%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
