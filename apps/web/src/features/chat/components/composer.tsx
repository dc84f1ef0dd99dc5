import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { MESSAGE_MAX_LENGTH } from '@app/shared/schemas/chat';

/** The counter appears this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/** Unsent drafts per conversation, kept while the tab lives (switching chats keeps what was typed). */
const drafts = new Map<number, string>();

export interface ComposerProps {
  conversationId: number;
  peerName: string;
  onSend: (text: string) => void;
  /** Called on input: tells the peer "typing…" (throttled by the caller). */
  onTyping: () => void;
}

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line (and Enter while an
 * input method composes a word does neither). Over the length limit the counter turns red and
 * nothing is sent.
 */
export function Composer({ conversationId, peerName, onSend, onTyping }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(() => drafts.get(conversationId) ?? '');
  const input = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const canSend = trimmed.length > 0 && !tooLong;

  useEffect(() => {
    // Phones would open the keyboard over the history at once; there the reader taps the field.
    if (window.matchMedia('(pointer: fine)').matches) input.current?.focus();
  }, []);

  const change = (value: string) => {
    setText(value);
    if (value) drafts.set(conversationId, value);
    else drafts.delete(conversationId);
    if (value.trim()) onTyping();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(trimmed);
    change('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const counterId = `composer-counter-${conversationId}`;
  return (
    <Box
      component="form"
      onSubmit={submit}
      data-testid="composer"
      sx={{ px: { xs: 1, sm: 2 }, py: 1.25, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <InputBase
          inputRef={input}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={6}
          placeholder={t('composer.placeholder')}
          inputProps={{
            'aria-label': t('composer.label', { name: peerName }),
            'aria-describedby': counterId,
            'data-testid': 'composer-input',
            enterKeyHint: 'send',
          }}
          sx={(theme) => ({
            flex: 1,
            px: 2,
            py: 1.1,
            borderRadius: '22px',
            fontSize: 15,
            bgcolor: 'rgba(0,0,0,0.05)',
            border: 1,
            borderColor: tooLong ? 'error.main' : 'transparent',
            ...theme.applyStyles('dark', { bgcolor: 'rgba(255,255,255,0.06)' }),
            '&.Mui-focused': { borderColor: tooLong ? 'error.main' : 'primary.main' },
          })}
        />
        <IconButton
          type="submit"
          aria-label={t('composer.send')}
          disabled={!canSend}
          data-testid="send-button"
          sx={{
            width: 44,
            height: 44,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.light' },
            '&.Mui-disabled': { bgcolor: 'action.disabledBackground', color: 'action.disabled' },
          }}
        >
          <SendIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        id={counterId}
        aria-live="polite"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          minHeight: text.length > COUNTER_FROM ? 20 : 0,
        }}
      >
        {tooLong && (
          <Typography variant="caption" color="error" data-testid="too-long">
            {t('composer.tooLong', { max: MESSAGE_MAX_LENGTH })}
          </Typography>
        )}
        {text.length > COUNTER_FROM && (
          <Typography
            variant="caption"
            color={tooLong ? 'error' : 'textSecondary'}
            sx={{ ml: 'auto' }}
            data-testid="composer-counter"
          >
            {t('composer.counter', { length: text.length, max: MESSAGE_MAX_LENGTH })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
