import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import ArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import type { ThreadItem } from '../lib/thread-items';
import { daysAgo, formatDay } from '../lib/format';

/** Closer than this to the bottom counts as "at the bottom": new messages keep the view there. */
const BOTTOM_SLACK_PX = 80;
/** Older history starts loading this far before the top is reached. */
const OLDER_MARGIN_PX = 400;

export interface MessageListProps {
  items: ThreadItem[];
  renderItem: (item: ThreadItem) => ReactNode;
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  /** The reader saw a message of the peer (on screen while the tab is visible). */
  onSeen: (messageId: number) => void;
  /** Shown above the first message once the whole history is loaded. */
  beginning: ReactNode;
  /** At the bottom, below the last message (the typing dots). */
  footer?: ReactNode;
}

const itemKey = (item: ThreadItem | undefined) =>
  item && item.kind !== 'day' && item.kind !== 'unread' ? item.key : undefined;
const firstMessageKey = (items: ThreadItem[]) =>
  itemKey(items.find((i) => i.kind === 'message' || i.kind === 'pending'));
const lastMessageKey = (items: ThreadItem[]) =>
  itemKey([...items].reverse().find((i) => i.kind === 'message' || i.kind === 'pending'));

/**
 * The scrolling history. It opens at the first unread message (else at the bottom), keeps the
 * reader's place when older pages load above, follows new messages while the reader is at the
 * bottom (and always after sending), and otherwise offers a "new messages" button.
 */
export function MessageList({
  items,
  renderItem,
  label,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  onSeen,
  beginning,
  footer,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const snapshot = useRef<{ first?: string; last?: string; height: number; top: number } | null>(null);
  const [newBelow, setNewBelow] = useState(0);
  const [showJump, setShowJump] = useState(false);

  const toBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atBottom.current = true;
    setNewBelow(0);
    setShowJump(false);
  }, []);

  const maybeLoadOlder = useCallback(() => {
    const el = scroller.current;
    if (el && hasOlder && !loadingOlder && !olderFailed && el.scrollTop < OLDER_MARGIN_PX) onLoadOlder();
  }, [hasOlder, loadingOlder, olderFailed, onLoadOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
    if (snapshot.current) snapshot.current.top = el.scrollTop;
    setShowJump(!atBottom.current);
    if (atBottom.current) setNewBelow(0);
    maybeLoadOlder();
  };

  // Place the view after each change of the list, before the browser paints it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = firstMessageKey(items);
    const last = lastMessageKey(items);
    const before = snapshot.current;
    if (!before || (!before.last && last)) {
      const unread = el.querySelector<HTMLElement>('[data-unread-line]');
      if (unread) {
        el.scrollTop = Math.max(0, unread.offsetTop - 16);
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
        setShowJump(!atBottom.current);
      } else toBottom();
    } else if (last !== before.last) {
      const lastItem = [...items].reverse().find((i) => i.kind === 'message' || i.kind === 'pending');
      const mine = lastItem?.kind === 'pending' || (lastItem?.kind === 'message' && lastItem.mine);
      if (atBottom.current || mine) toBottom();
      else setNewBelow((n) => n + 1);
    } else if (first !== before.first) {
      // Older messages arrived above: keep what the reader looks at where it was.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    }
    snapshot.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
  }, [items, toBottom]);

  // A page of history shorter than the screen: keep loading until the screen is full or all is there.
  useEffect(() => {
    maybeLoadOlder();
  }, [items, maybeLoadOlder]);

  // The typing dots, a growing composer or a rotated phone must not push the last message out of view.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      if (snapshot.current) snapshot.current.height = el.scrollHeight;
    });
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);

  // "Seen": a message of the peer counts as read once it is half on screen while the tab is visible.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const visible = new Set<number>();
    const report = () => {
      if (document.visibilityState !== 'visible' || !visible.size) return;
      onSeen(Math.max(...visible));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.seenId);
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        report();
      },
      { root: el, threshold: 0.5 },
    );
    el.querySelectorAll('[data-seen-id]').forEach((node) => observer.observe(node));
    document.addEventListener('visibilitychange', report);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', report);
    };
  }, [items, onSeen]);

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={label}
        aria-live="polite"
        data-testid="message-list"
        tabIndex={0}
        sx={{
          position: 'absolute',
          inset: 0,
          overflowY: 'auto',
          overflowAnchor: 'none',
          overscrollBehavior: 'contain',
          outline: 'none',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: '100%',
            justifyContent: 'flex-end',
            pb: 1.5,
            pt: 1,
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 40, alignItems: 'center' }}>
            {loadingOlder ? (
              <CircularProgress size={22} aria-label={t('thread.loadingOlder')} data-testid="loading-older" />
            ) : olderFailed ? (
              <Typography variant="body2" color="error">
                {t('thread.olderError')}{' '}
                <Button size="small" onClick={onLoadOlder}>
                  {t('thread.retry')}
                </Button>
              </Typography>
            ) : !hasOlder ? (
              beginning
            ) : null}
          </Box>
          {items.map(renderItem)}
          {footer}
        </Box>
      </Box>
      {showJump && (
        <Fab
          size="small"
          onClick={() => toBottom(true)}
          aria-label={newBelow ? t('thread.newBelow', { count: newBelow }) : t('thread.scrollDown')}
          data-testid="jump-to-latest"
          sx={{
            position: 'absolute',
            right: 16,
            bottom: 16,
            bgcolor: 'background.paper',
            color: 'text.primary',
            border: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <ArrowDownIcon />
          {newBelow > 0 && (
            <Box
              component="span"
              sx={{
                position: 'absolute',
                top: -6,
                right: -4,
                minWidth: 20,
                height: 20,
                px: 0.5,
                borderRadius: 10,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: 12,
                fontWeight: 700,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {newBelow}
            </Box>
          )}
        </Fab>
      )}
    </Box>
  );
}

/** A centred date pill between days. */
export function DaySeparator({ date }: { date: Date }) {
  const { t, i18n } = useTranslation('chat');
  const days = daysAgo(date);
  const label = days === 0 ? t('thread.today') : days === 1 ? t('thread.yesterday') : formatDay(date, i18n.language);
  return (
    <Box
      role="separator"
      data-testid="day-separator"
      sx={{ display: 'flex', justifyContent: 'center', my: 1.5, position: 'sticky', top: 6, zIndex: 1 }}
    >
      <Typography
        variant="caption"
        sx={(theme) => ({
          px: 1.5,
          py: 0.5,
          borderRadius: 10,
          fontWeight: 500,
          bgcolor: 'rgba(0,0,0,0.06)',
          color: 'text.secondary',
          backdropFilter: 'blur(6px)',
          ...theme.applyStyles('dark', { bgcolor: 'rgba(30,33,41,0.85)' }),
        })}
      >
        {label}
      </Typography>
    </Box>
  );
}

/** The line above the first message that was unread when the conversation opened. */
export function UnreadLine() {
  const { t } = useTranslation('chat');
  return (
    <Box
      data-unread-line
      data-testid="unread-line"
      sx={{ my: 1.5, py: 0.5, textAlign: 'center', bgcolor: 'action.hover' }}
    >
      <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 600 }}>
        {t('thread.unreadLine')}
      </Typography>
    </Box>
  );
}
