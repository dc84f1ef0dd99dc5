import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { codeFromScan } from '../lib/meeting-code';
import { createQrDecoder } from '../lib/qr-decoder';

type CameraState = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'failed';

/** Between two decode attempts: fast enough to feel instant, light enough for an old phone. */
const SCAN_EVERY_MS = 150;

function cameraError(error: unknown): CameraState {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
}

/**
 * The camera, pointed at the other phone: frames are read for a QR code until one holding a
 * meeting code appears, which is handed to `onCode`. The camera stops as soon as the dialog closes.
 * Nothing is recorded or sent but the code.
 */
export function QrScannerDialog({
  open,
  name,
  onClose,
  onCode,
  onTypeInstead,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onCode: (code: string) => void;
  onTypeInstead: () => void;
}) {
  const { t } = useTranslation('meeting');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [foreign, setForeign] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attached: HTMLVideoElement | null = null;

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('noCamera');
        return;
      }
      try {
        const [media, decoder] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
            audio: false,
          }),
          createQrDecoder(),
        ]);
        stream = media;
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        attached = video;
        await video.play().catch(() => undefined);
        setState('scanning');
        const scan = async () => {
          if (stopped) return;
          try {
            const text = video.readyState >= 2 ? await decoder.decode(video) : null;
            if (stopped) return;
            if (text) {
              const code = codeFromScan(text);
              if (code) {
                onCodeRef.current(code);
                return;
              }
              setForeign(true);
            }
          } catch {
            // One unreadable frame; the next one may do.
          }
          timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        void scan();
      } catch (error) {
        if (!stopped) setState(cameraError(error));
      }
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (attached) attached.srcObject = null;
    };
  }, [open]);

  const problem = state === 'denied' || state === 'noCamera' || state === 'failed';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby="scanner-title"
      data-testid="qr-scanner"
    >
      <DialogTitle id="scanner-title">{t('scanner.title', { name })}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            aspectRatio: '1',
            borderRadius: 3,
            overflow: 'hidden',
            bgcolor: '#000',
            display: problem ? 'none' : 'block',
          }}
        >
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-hidden
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* The viewfinder: where to hold the code. */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: '14%',
              borderRadius: 3,
              boxShadow: '0 0 0 999px rgba(0,0,0,0.45)',
              border: 3,
              borderColor: 'primary.main',
            }}
          />
          {state === 'starting' && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label={t('scanner.starting')} />
            </Box>
          )}
        </Box>
        {problem ? (
          <Alert severity="warning" data-testid="scanner-problem" data-state={state}>
            {t(`scanner.${state}`)}
          </Alert>
        ) : (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ mt: 1.5, textAlign: 'center' }}
            data-testid="scanner-hint"
            data-state={state}
          >
            {foreign ? t('scanner.notACode', { name }) : t('scanner.hint', { name })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onTypeInstead}>{t('scanner.typeInstead')}</Button>
        <Button onClick={onClose} variant="outlined">
          {t('scanner.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
