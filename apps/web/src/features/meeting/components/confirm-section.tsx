import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CameraIcon from '@mui/icons-material/QrCodeScannerRounded';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import DoneIcon from '@mui/icons-material/CheckCircleRounded';
import PendingIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import LockIcon from '@mui/icons-material/LockClockOutlined';
import { MEETING_DURATION_MINUTES } from '@app/shared/constants';
import type { MeetingView } from '@app/shared/schemas/meet';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useConfirmMeeting } from '../api/confirm-meeting';
import { CodeEntry } from './code-entry';
import { MyCode } from './my-code';
import { QrScannerDialog } from './qr-scanner-dialog';

function StateRow({ done, text, testId }: { done: boolean; text: string; testId: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={testId} data-done={done}>
      {done ? (
        <DoneIcon sx={{ color: 'success.main', fontSize: 22 }} />
      ) : (
        <PendingIcon sx={{ color: 'text.disabled', fontSize: 22 }} />
      )}
      <Typography
        variant="body2"
        sx={{ color: done ? 'text.primary' : 'text.secondary', fontWeight: done ? 500 : 400 }}
      >
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * The proof of a meeting: each shows their rotating code and scans (or types) the other's. The
 * state of both confirmations is shown, so each knows what is left to do.
 */
export function ConfirmSection({
  view,
  receivedAt,
  name,
  initialCode,
  onCodeExpired,
}: {
  view: MeetingView;
  receivedAt: number;
  name: string;
  /** A code that came with the link (a phone's own camera app opened the peer's QR link). */
  initialCode: string | null;
  onCodeExpired: () => void;
}) {
  const { t } = useTranslation(['meeting', 'errors', 'common']);
  const confirm = useConfirmMeeting(view.peer.id);
  const [scanning, setScanning] = useState(false);
  const [typing, setTyping] = useState(Boolean(initialCode));
  const inputRef = useRef<HTMLInputElement>(null);
  const { confirmedByMe, confirmedByPeer } = view;
  // Codes confirm a meeting the server has counted: before that there is nothing to confirm.
  const open = view.progress.status === 'met';
  const error = confirm.error ? translateError(t, confirm.error instanceof ApiError ? confirm.error : {}) : null;

  // A code that came with the link is confirmed at once: following the link was the intent.
  const tried = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (!initialCode || !open || confirmedByMe || tried.current) return;
    tried.current = true;
    mutate(initialCode);
  }, [initialCode, open, confirmedByMe, mutate]);

  const typeInstead = () => {
    setScanning(false);
    setTyping(true);
    setTimeout(() => inputRef.current?.focus(), 50);
  };

  return (
    <Card
      sx={{ p: { xs: 2.5, sm: 3 }, border: 1, borderColor: 'divider' }}
      component="section"
      aria-labelledby="confirm-title"
      data-testid="confirm-section"
    >
      <Typography id="confirm-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('confirm.title')}
      </Typography>
      {!(confirmedByMe && confirmedByPeer) && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {t('confirm.lead', { name })}
        </Typography>
      )}

      <Stack
        spacing={1}
        sx={{
          mt: 2,
          mb: confirmedByMe && confirmedByPeer ? 0 : 2.5,
          p: 1.5,
          borderRadius: 2,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <StateRow
          done={confirmedByMe}
          text={confirmedByMe ? t('confirm.byMe', { name }) : t('confirm.byMeNot', { name })}
          testId="confirmed-by-me"
        />
        <StateRow
          done={confirmedByPeer}
          text={confirmedByPeer ? t('confirm.byPeer', { name }) : t('confirm.byPeerNot', { name })}
          testId="confirmed-by-peer"
        />
      </Stack>

      {!open && (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', color: 'text.secondary' }}
          data-testid="confirm-locked"
        >
          <LockIcon />
          <Typography variant="body2">
            {t('confirm.locked', { minutes: t('common:units.minutes', { count: MEETING_DURATION_MINUTES }) })}
          </Typography>
        </Stack>
      )}

      {open && !confirmedByPeer && (
        <Box sx={{ mb: confirmedByMe ? 0 : 3 }}>
          <Typography variant="subtitle2" component="p" color="textSecondary" sx={{ textAlign: 'center', mb: 1.5 }}>
            {t('confirm.showYours', { name })}
          </Typography>
          <MyCode myCode={view.myCode} receivedAt={receivedAt} name={name} onExpired={onCodeExpired} />
        </Box>
      )}

      {open && !confirmedByMe && (
        <Stack spacing={1.5}>
          <Typography variant="subtitle2" component="p" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('confirm.scanTheirs', { name })}
          </Typography>
          <Button
            variant="contained"
            size="large"
            startIcon={<CameraIcon />}
            onClick={() => setScanning(true)}
            disabled={confirm.isPending}
            data-testid="scan-button"
            sx={{ py: 1.5 }}
          >
            {t('confirm.scan')}
          </Button>
          {!typing && (
            <Button startIcon={<KeyboardIcon />} onClick={typeInstead} data-testid="type-instead">
              {t('confirm.typeInstead')}
            </Button>
          )}
          <Collapse in={typing} unmountOnExit>
            <Box sx={{ pt: 1 }}>
              <CodeEntry
                ref={inputRef}
                name={name}
                pending={confirm.isPending}
                error={error}
                initial={initialCode ?? ''}
                onSubmit={(code) => confirm.mutate(code)}
                onChange={() => confirm.reset()}
              />
            </Box>
          </Collapse>
          {!typing && error && (
            <Alert severity="error" data-testid="confirm-error">
              {error}
            </Alert>
          )}
        </Stack>
      )}

      {/* Mounted only while open: the camera runs only then. */}
      {scanning && (
        <QrScannerDialog
          open={scanning}
          name={name}
          onClose={() => setScanning(false)}
          onTypeInstead={typeInstead}
          onCode={(code) => {
            setScanning(false);
            confirm.mutate(code);
          }}
        />
      )}
    </Card>
  );
}
