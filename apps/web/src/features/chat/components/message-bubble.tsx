import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { formatFullDate, formatTime } from '../lib/format';
import { Ticks, type DeliveryState } from './ticks';

/** Bubble colours: mine in the brand's deep blue (white text passes 4.5:1), theirs a raised grey. */
const MINE_BG = '#1f5fd6';
const bubbleSx = (mine: boolean, first: boolean, last: boolean) => (theme: Theme) => {
  const big = 18;
  const small = 6;
  return {
    position: 'relative' as const,
    maxWidth: { xs: '85%', sm: '75%', lg: '65%' },
    minWidth: 0,
    px: 1.5,
    pt: 0.75,
    pb: 0.75,
    fontSize: 15,
    lineHeight: 1.4,
    borderTopLeftRadius: !mine && !first ? small : big,
    borderBottomLeftRadius: !mine && !last ? small : !mine ? 4 : big,
    borderTopRightRadius: mine && !first ? small : big,
    borderBottomRightRadius: mine && !last ? small : mine ? 4 : big,
    ...(mine
      ? { bgcolor: MINE_BG, color: '#fff' }
      : {
          bgcolor: '#fff',
          color: 'text.primary',
          boxShadow: '0 1px 1px rgba(0,0,0,0.08)',
          ...theme.applyStyles('dark', { bgcolor: '#1e2129', boxShadow: 'none' }),
        }),
  };
};

export interface MessageBubbleProps {
  text: string;
  createdAt: string;
  mine: boolean;
  first: boolean;
  last: boolean;
  /** Mine only: sending, sent, read or failed. */
  delivery?: DeliveryState;
  /** Under the bubble: a scam warning, or "not sent — retry". */
  below?: ReactNode;
  testId?: string;
  messageId?: number;
  clientMessageId?: string;
  /** Marks a message from the peer the reader has not read yet (watched for "seen"). */
  unreadId?: number;
}

/**
 * One message: the text as written (line breaks kept, long words broken), and in its corner the
 * time and, on mine, ✓ / ✓✓. A spacer as wide as that corner ends the text, so the last line never
 * runs under it.
 */
export function MessageBubble({
  text,
  createdAt,
  mine,
  first,
  last,
  delivery,
  below,
  testId,
  messageId,
  clientMessageId,
  unreadId,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation('chat');
  const date = new Date(createdAt);
  const time = formatTime(date, i18n.language);
  // 0.9 keeps the small time above 4.5:1 on the blue.
  const metaColor = mine ? 'rgba(255,255,255,0.9)' : 'text.secondary';
  return (
    <Box
      data-testid={testId}
      data-mine={mine}
      data-message-id={messageId}
      data-client-id={clientMessageId}
      data-seen-id={unreadId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        mt: first ? 1 : 0.25,
        px: { xs: 1, sm: 2 },
      }}
    >
      <Box sx={bubbleSx(mine, first, last)}>
        <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
          {text}
        </Box>
        {/* An invisible copy of the corner: the text's last line leaves exactly its room. */}
        <Box
          component="span"
          aria-hidden
          sx={{ visibility: 'hidden', display: 'inline-flex', gap: 0.375, pl: 1.25, fontSize: 11.5, lineHeight: 1 }}
        >
          {time}
          {delivery && <Box component="span" sx={{ display: 'inline-block', width: '1.15em' }} />}
        </Box>
        <Box
          component="span"
          title={formatFullDate(date, i18n.language)}
          sx={{
            position: 'absolute',
            right: 10,
            bottom: 5,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.375,
            fontSize: 11.5,
            lineHeight: 1,
            color: metaColor,
            userSelect: 'none',
          }}
        >
          <Box component="time" dateTime={createdAt}>
            <Box component="span" sx={visuallyHidden}>
              {mine ? `${t('message.fromMe')}, ` : ''}
              {t('message.at', { time })}
            </Box>
            <span aria-hidden>{time}</span>
          </Box>
          {delivery && <Ticks state={delivery} color={delivery === 'read' ? '#9fd4ff' : undefined} />}
        </Box>
      </Box>
      {below}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
