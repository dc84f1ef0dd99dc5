import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useBlocks, useSetBlocked } from '../api/blocks';
import { conversationKey } from '../api/keys';
import { messagesAscending } from '../lib/merge';
import { buildThreadItems, type ThreadItem } from '../lib/thread-items';
import { discard, enqueue, retry, useOutbox } from '../lib/outbox';
import { useMarkRead } from '../lib/use-mark-read';
import { usePeerTyping, useTypingNotifier } from '../lib/use-typing';
import { peerName } from '../lib/format';
import { BlockDialog } from './block-dialog';
import { BlockedNotice } from './blocked-notice';
import { Composer } from './composer';
import { DaySeparator, MessageList, UnreadLine } from './message-list';
import { MessageBubble } from './message-bubble';
import { PeerAvatar } from './peer-avatar';
import { ReportDialog, type ReportTarget } from './report-dialog';
import { ScamWarning } from './scam-warning';
import { ThreadHeader } from './thread-header';
import { TypingDots } from './typing-dots';

/**
 * One conversation: the history (paged back as the reader scrolls up), live messages, receipts and
 * typing, the composer with its outbox, and block and report. Mounted once per conversation
 * (keyed by its id), so nothing of one chat leaks into the next.
 */
export function Thread({ conversationId, onNotice }: { conversationId: number; onNotice: (text: string) => void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const pending = useOutbox(conversationId);
  const blocks = useBlocks();
  const setBlocked = useSetBlocked(conversationKey(conversationId));
  const peer = conversation.data?.peer;
  const typing = usePeerTyping(conversationId, peer?.id);
  const notifyTyping = useTypingNotifier(conversationId);
  const onSeen = useMarkRead(conversationId, conversation.data?.lastReadMessageId);
  const [blockOpen, setBlockOpen] = useState(false);
  const [reportTarget, setReportTarget] = useState<ReportTarget | null>(null);
  // Where the "unread" line goes: decided once, when the conversation and its history first arrive.
  const [firstUnreadId, setFirstUnreadId] = useState<number | null | undefined>(undefined);

  const messages = useMemo(() => messagesAscending(history.data), [history.data]);
  const name = peer ? peerName(peer) : '';
  const blockedByMe = Boolean(peer && blocks.data?.items.some((b) => b.user.id === peer.id));
  const blocked = Boolean(conversation.data?.blocked || blockedByMe);

  if (firstUnreadId === undefined && conversation.data && history.data) {
    const { lastReadMessageId, peer: who } = conversation.data;
    setFirstUnreadId(messages.find((m) => m.senderId === who.id && m.id > lastReadMessageId)?.id ?? null);
  }

  const items = useMemo(
    () =>
      peer && firstUnreadId !== undefined
        ? buildThreadItems({
            messages,
            pending,
            peerId: peer.id,
            peerLastReadMessageId: conversation.data?.peerLastReadMessageId ?? 0,
            firstUnreadId,
          })
        : [],
    [peer, messages, pending, conversation.data?.peerLastReadMessageId, firstUnreadId],
  );

  const lastRead = conversation.data?.lastReadMessageId ?? 0;
  const renderItem = useCallback(
    (item: ThreadItem) => {
      switch (item.kind) {
        case 'day':
          return <DaySeparator key={item.key} date={item.date} />;
        case 'unread':
          return <UnreadLine key={item.key} />;
        case 'message': {
          const { message, mine } = item;
          const warning = !mine && message.scamWarning?.length ? message.scamWarning : undefined;
          return (
            <MessageBubble
              key={item.key}
              testId="message"
              messageId={message.id}
              clientMessageId={message.clientMessageId}
              text={message.text}
              createdAt={message.createdAt}
              mine={mine}
              first={item.first}
              last={item.last}
              delivery={mine ? (item.read ? 'read' : 'sent') : undefined}
              unreadId={!mine && message.id > lastRead ? message.id : undefined}
              below={
                warning && peer ? (
                  <ScamWarning
                    kinds={warning}
                    onReport={() =>
                      setReportTarget({ userId: peer.id, name, messageId: message.id, canBlock: !blocked })
                    }
                  />
                ) : undefined
              }
            />
          );
        }
        case 'pending': {
          const { item: outgoing } = item;
          const failed = outgoing.status === 'failed';
          return (
            <MessageBubble
              key={item.key}
              testId={failed ? 'message-failed' : 'message-pending'}
              clientMessageId={outgoing.clientMessageId}
              text={outgoing.text}
              createdAt={outgoing.createdAt}
              mine
              first={item.first}
              last={item.last}
              delivery={failed ? 'failed' : 'sending'}
              below={
                failed ? (
                  <Stack
                    direction="row"
                    spacing={0.5}
                    sx={{ alignItems: 'center', mt: 0.5, color: 'error.main' }}
                    data-testid="not-sent"
                  >
                    <ErrorIcon sx={{ fontSize: 16 }} />
                    <Typography
                      variant="caption"
                      title={translateError(t, { code: outgoing.errorCode, message: outgoing.errorMessage })}
                    >
                      {t('message.notSent')}
                    </Typography>
                    <Button
                      size="small"
                      onClick={() => retry(queryClient, outgoing.clientMessageId)}
                      data-testid="retry-send"
                      sx={{ minWidth: 0 }}
                    >
                      {t('message.retry')}
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      onClick={() => discard(outgoing.clientMessageId)}
                      sx={{ minWidth: 0, color: 'text.secondary' }}
                    >
                      {t('message.discard')}
                    </Button>
                  </Stack>
                ) : undefined
              }
            />
          );
        }
      }
    },
    [lastRead, peer, name, blocked, queryClient, t],
  );

  if (conversation.error || history.error) {
    const error = conversation.error ?? history.error;
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Box sx={{ p: 3, m: 'auto', maxWidth: 420, textAlign: 'center' }} data-testid="thread-error">
        <Typography sx={{ mb: 2 }}>{notFound ? t('thread.notFound') : t('thread.loadError')}</Typography>
        {!notFound && error instanceof ApiError && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {translateError(t, error)}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button href="/chat" LinkComponent={RouterLink}>
            {t('thread.back')}
          </Button>
          {!notFound && (
            <Button variant="contained" onClick={() => void Promise.all([conversation.refetch(), history.refetch()])}>
              {t('thread.retry')}
            </Button>
          )}
        </Stack>
      </Box>
    );
  }

  if (!peer || !history.data) return <ThreadSkeleton />;

  const empty = messages.length === 0 && pending.length === 0;
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="thread"
      data-conversation-id={conversationId}
    >
      <ThreadHeader
        peer={peer}
        typing={typing}
        blockedByMe={blockedByMe}
        onBlock={() => {
          setBlocked.reset();
          setBlockOpen(true);
        }}
        onUnblock={() =>
          setBlocked.mutate(
            { userId: peer.id, blocked: false },
            { onSuccess: () => onNotice(t('block.undone', { name })) },
          )
        }
        onReport={() => setReportTarget({ userId: peer.id, name, canBlock: !blockedByMe })}
      />
      {empty && !history.hasNextPage ? (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }} data-testid="thread-empty">
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 360 }}>
            <PeerAvatar peer={peer} size={72} />
            <Typography variant="h6" component="p">
              {t('thread.emptyTitle', { name })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('thread.emptyText')}
            </Typography>
          </Stack>
        </Box>
      ) : (
        <MessageList
          items={items}
          renderItem={renderItem}
          label={t('thread.log', { name })}
          hasOlder={Boolean(history.hasNextPage)}
          loadingOlder={history.isFetchingNextPage}
          olderFailed={history.isFetchNextPageError}
          onLoadOlder={() => void history.fetchNextPage()}
          onSeen={onSeen}
          beginning={
            <Typography
              variant="caption"
              color="textSecondary"
              sx={{ px: 2, textAlign: 'center' }}
              data-testid="history-start"
            >
              {t('thread.beginning', { name })}
            </Typography>
          }
          footer={typing ? <TypingDots label={t('thread.typing')} /> : null}
        />
      )}
      {blocked ? (
        <BlockedNotice
          name={name}
          byMe={blockedByMe}
          pending={setBlocked.isPending}
          onUnblock={() =>
            setBlocked.mutate(
              { userId: peer.id, blocked: false },
              { onSuccess: () => onNotice(t('block.undone', { name })) },
            )
          }
        />
      ) : (
        <Composer
          conversationId={conversationId}
          peerName={name}
          onSend={(text) => enqueue(queryClient, conversationId, text)}
          onTyping={notifyTyping}
        />
      )}
      {setBlocked.error && !blockOpen && (
        <Alert severity="error" onClose={() => setBlocked.reset()} sx={{ borderRadius: 0 }}>
          {translateError(t, setBlocked.error instanceof ApiError ? setBlocked.error : {})}
        </Alert>
      )}
      <BlockDialog
        open={blockOpen}
        name={name}
        pending={setBlocked.isPending}
        error={setBlocked.error}
        onClose={() => setBlockOpen(false)}
        onConfirm={() =>
          setBlocked.mutate(
            { userId: peer.id, blocked: true },
            {
              onSuccess: () => {
                setBlockOpen(false);
                onNotice(t('block.done', { name }));
              },
            },
          )
        }
      />
      <ReportDialog
        target={reportTarget}
        onClose={() => setReportTarget(null)}
        onReported={(alsoBlock) => {
          onNotice(t('report.sent'));
          if (alsoBlock) setBlocked.mutate({ userId: peer.id, blocked: true });
        }}
      />
    </Box>
  );
}

function ThreadSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="thread-loading">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1,
          minHeight: 64,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Skeleton variant="circular" width={42} height={42} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width={140} />
          <Skeleton width={90} />
        </Box>
      </Box>
      <Stack spacing={1} sx={{ flex: 1, justifyContent: 'flex-end', p: 2 }}>
        {[180, 240, 120, 280, 160].map((width, i) => (
          <Skeleton
            key={i}
            variant="rounded"
            width={width}
            height={36}
            sx={{ alignSelf: i % 2 ? 'flex-end' : 'flex-start', borderRadius: 4 }}
          />
        ))}
      </Stack>
    </Box>
  );
}
