import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { loadTexts, translateError } from '../../../lib/i18n';
import { useConversation } from '../api/get-conversation';
import { useChatEvents } from '../lib/use-chat-events';
import { useFillViewport } from '../lib/use-fill-viewport';
import { useOpenChat } from '../lib/open-chat';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

// The chat's texts come with its code (see loadTexts).
await loadTexts('chat');

/** A route id that is a positive whole number, else undefined (a bad one shows "not found"). */
function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * /chat and /chat/:conversationId: the list and the open conversation side by side on wide
 * screens, one at a time on phones (the thread has a back button). /chat?with=<userId> starts or
 * opens the chat with that user and replaces itself with the conversation's address.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { conversationId: rawId } = useParams();
  const [search] = useSearchParams();
  const selectedId = parseId(rawId);
  const hasSelection = rawId !== undefined;
  const frame = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useChatEvents();
  useFillViewport(frame);
  const start = useStartFromLink(search.get('with'));
  // The open conversation, for the list while it has no message (the cache is shared with the thread).
  const current = useConversation(selectedId);

  return (
    <Container maxWidth="lg" disableGutters sx={{ px: { lg: 3 } }}>
      <Box
        ref={frame}
        data-testid="chat-page"
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 57px)', md: 'calc(100dvh - 65px)' },
          borderColor: 'divider',
          borderStyle: 'solid',
          borderWidth: { xs: 0, lg: '0 1px' },
          overflow: 'hidden',
        }}
      >
        <Box
          component="section"
          aria-label={t('list.heading')}
          sx={{
            width: { xs: '100%', md: 340, lg: 380 },
            flexShrink: 0,
            display: { xs: hasSelection ? 'none' : 'flex', md: 'flex' },
            flexDirection: 'column',
            borderRight: { md: 1 },
            borderColor: { md: 'divider' },
            bgcolor: 'background.paper',
          }}
        >
          <ConversationList
            selectedId={selectedId}
            current={selectedId && current.data ? current.data : undefined}
            notice={
              start.busy ? (
                <Box sx={{ px: 2, pb: 1 }} data-testid="chat-starting">
                  <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
                    {t('start.opening')}
                  </Typography>
                  <LinearProgress />
                </Box>
              ) : start.error ? (
                <Alert severity="error" sx={{ mx: 2, mb: 1 }} data-testid="chat-start-error">
                  {t('start.failed', { error: translateError(t, start.error) })}
                </Alert>
              ) : null
            }
          />
        </Box>
        <Box
          component="section"
          sx={(theme) => ({
            flex: 1,
            minWidth: 0,
            display: { xs: hasSelection ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
            bgcolor: '#eef1f6',
            ...theme.applyStyles('dark', {
              bgcolor: 'background.default',
              backgroundImage: 'radial-gradient(900px 500px at 80% 0%, rgba(47,123,255,0.07), transparent 60%)',
            }),
          })}
        >
          {hasSelection ? (
            selectedId ? (
              <Thread key={selectedId} conversationId={selectedId} onNotice={setNotice} />
            ) : (
              <Box sx={{ m: 'auto', p: 3, textAlign: 'center' }} data-testid="thread-error">
                <Typography sx={{ mb: 2 }}>{t('thread.notFound')}</Typography>
                <Button href="/chat" LinkComponent={RouterLink}>
                  {t('thread.back')}
                </Button>
              </Box>
            )
          ) : (
            <NothingSelected />
          )}
        </Box>
      </Box>
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        // Above the composer, not over it.
        sx={{ bottom: { xs: 96, sm: 96 } }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setNotice(null)}
          data-testid="chat-notice"
          sx={{ boxShadow: 6 }}
        >
          {notice}
        </Alert>
      </Snackbar>
    </Container>
  );
}

/** /chat?with=<userId>: start (or find) the conversation once, then go to it. */
function useStartFromLink(raw: string | null): { busy: boolean; error: ApiError | null } {
  const openChat = useOpenChat({ replace: true });
  const started = useRef<string | null>(null);
  const [failure, setFailure] = useState<{ raw: string; error: ApiError } | null>(null);
  const userId = parseId(raw);

  useEffect(() => {
    if (!raw) started.current = null;
    if (!raw || !userId || started.current === raw) return;
    started.current = raw;
    // Success leaves this address (the ?with= link is replaced by the conversation's).
    openChat(userId).catch((error: unknown) =>
      setFailure({ raw, error: error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN_ERROR', String(error)) }),
    );
  }, [raw, userId, openChat]);

  if (!raw) return { busy: false, error: null };
  if (!userId) return { busy: false, error: new ApiError(404, 'NOT_FOUND', 'Not found') };
  if (failure?.raw === raw) return { busy: false, error: failure.error };
  return { busy: true, error: null };
}

/** Wide screens with no conversation open. */
function NothingSelected() {
  const { t } = useTranslation('chat');
  return (
    <Stack
      spacing={2}
      sx={{ m: 'auto', alignItems: 'center', textAlign: 'center', p: 4, maxWidth: 380 }}
      data-testid="no-thread"
    >
      <Box
        sx={{
          width: 88,
          height: 88,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(47,123,255,0.12)',
          color: 'primary.main',
        }}
      >
        <ForumIcon sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h6" component="p">
        {t('select.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('select.text')}
      </Typography>
      <Button variant="outlined" startIcon={<MapIcon />} href="/map" LinkComponent={RouterLink}>
        {t('empty.map')}
      </Button>
    </Stack>
  );
}
