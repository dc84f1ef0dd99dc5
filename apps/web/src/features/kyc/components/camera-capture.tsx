import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import ShutterIcon from '@mui/icons-material/Camera';
import RetakeIcon from '@mui/icons-material/Replay';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { translateError, translateMessage } from '../../../lib/i18n';
import { captureFrame, cameraProblem, fileProblem, type CameraProblem, type Facing } from '../lib/camera';
import { FrameGuide, GUIDE_ASPECT, type GuideKind } from './frame-guide';

type CameraState = 'idle' | 'starting' | 'live' | CameraProblem;

/** The camera a guide starts with: the back one for a document, the front one for a selfie. */
const DEFAULT_FACING: Record<GuideKind, Facing> = { document: 'environment', selfie: 'user' };

/**
 * A photo from the browser's camera with a frame guide, or from a file when there is no camera or
 * the person prefers one. The parent keeps the photo (`photo`); null shows the camera again. The
 * camera runs only while the viewfinder is shown and stops on capture, retake aside or unmount.
 */
export function CameraCapture({
  kind,
  photo,
  onPhoto,
  disabled = false,
  testId,
}: {
  kind: GuideKind;
  photo: Blob | null;
  onPhoto: (photo: Blob | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['kyc', 'msg', 'errors']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CameraState>('idle');
  const [facing, setFacing] = useState<Facing>(DEFAULT_FACING[kind]);
  const [fileError, setFileError] = useState<string | null>(null);
  // The shot shown: its object URL is made where the photo is taken and revoked when it is replaced.
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const photoUrl = shot && shot.blob === photo ? shot.url : null;
  const wantsCamera = state === 'starting' || state === 'live';

  useEffect(() => {
    if (!shot) return;
    return () => URL.revokeObjectURL(shot.url);
  }, [shot]);

  const keep = (blob: Blob) => {
    setShot({ blob, url: URL.createObjectURL(blob) });
    onPhoto(blob);
  };

  // The stream follows `wantsCamera` and `facing`: switching cameras stops one and opens the other.
  useEffect(() => {
    if (!wantsCamera || photo) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const video = videoRef.current;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('noCamera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
          audio: false,
        });
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        if (!stopped) setState('live');
      } catch (error) {
        if (!stopped) setState(cameraProblem(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [wantsCamera, facing, photo]);

  const openCamera = () => {
    setFileError(null);
    setState('starting');
  };

  const shoot = async () => {
    const video = videoRef.current;
    if (!video) return;
    try {
      const blob = await captureFrame(video);
      setState('idle');
      keep(blob);
    } catch {
      setState('failed');
    }
  };

  const retake = () => {
    onPhoto(null);
    openCamera();
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen twice in a row must fire a change again.
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(translateError(t, { code: problem }));
      return;
    }
    setFileError(null);
    setState('idle');
    keep(file);
  };

  const problem = state === 'denied' || state === 'noCamera' || state === 'failed' ? state : null;
  const mirrored = facing === 'user';

  return (
    <Box data-testid={testId} data-state={photo ? 'captured' : state}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: kind === 'document' ? 560 : 420,
          mx: 'auto',
          aspectRatio: GUIDE_ASPECT[kind],
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: '#05070a',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {photo ? (
          photoUrl && (
            <Box
              component="img"
              src={photoUrl}
              alt={t(`camera.${kind}.preview`)}
              data-testid={`${testId}-preview`}
              sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
          )
        ) : (
          <>
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              aria-label={t(`camera.${kind}.viewfinder`)}
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: wantsCamera ? 'block' : 'none',
                transform: mirrored ? 'scaleX(-1)' : 'none',
              }}
            />
            <FrameGuide kind={kind} dim={wantsCamera} />
            {state === 'starting' && (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <CircularProgress aria-label={t('camera.starting')} />
              </Box>
            )}
            {!wantsCamera && (
              <Stack
                sx={{
                  position: 'absolute',
                  inset: 0,
                  alignItems: 'center',
                  justifyContent: 'center',
                  textAlign: 'center',
                  px: 4,
                  gap: 1,
                }}
              >
                <CameraIcon sx={{ fontSize: 40, color: 'primary.main' }} />
                <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 300 }}>
                  {t(`camera.${kind}.hint`)}
                </Typography>
              </Stack>
            )}
          </>
        )}
      </Box>

      {state === 'live' && !photo && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1, textAlign: 'center' }}>
          {t(`camera.${kind}.liveHint`)}
        </Typography>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid={`${testId}-problem`} data-problem={problem}>
          {t(`camera.problem.${problem}`)}
        </Alert>
      )}
      {fileError && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert" data-testid={`${testId}-file-error`}>
          {fileError}
        </Alert>
      )}

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mt: 1.5, gap: 1, justifyContent: 'center', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        {photo ? (
          <Button
            variant="outlined"
            startIcon={<RetakeIcon />}
            onClick={retake}
            disabled={disabled}
            data-testid={`${testId}-retake`}
          >
            {t('camera.retake')}
          </Button>
        ) : wantsCamera ? (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={facing}
              onChange={(_, value: Facing | null) => value && setFacing(value)}
              aria-label={t('camera.facing.label')}
              sx={{ alignSelf: 'center' }}
            >
              <ToggleButton value="user" data-testid={`${testId}-front`}>
                {t('camera.facing.user')}
              </ToggleButton>
              <ToggleButton value="environment" data-testid={`${testId}-back`}>
                {t('camera.facing.environment')}
              </ToggleButton>
            </ToggleButtonGroup>
            <Button
              variant="contained"
              startIcon={<ShutterIcon />}
              onClick={() => void shoot()}
              disabled={state !== 'live' || disabled}
              data-testid={`${testId}-shoot`}
            >
              {t('camera.shoot')}
            </Button>
          </>
        ) : (
          state !== 'noCamera' && (
            <Button
              variant="contained"
              startIcon={<CameraIcon />}
              onClick={openCamera}
              disabled={disabled}
              data-testid={`${testId}-open`}
            >
              {problem ? t('camera.tryAgain') : t('camera.open')}
            </Button>
          )
        )}
        {!photo && (
          <Button
            variant={state === 'noCamera' || state === 'denied' ? 'contained' : 'text'}
            startIcon={<UploadIcon />}
            onClick={() => fileRef.current?.click()}
            disabled={disabled}
            data-testid={`${testId}-upload`}
          >
            {translateMessage(t, 'msg.select-file')}
          </Button>
        )}
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          onChange={chooseFile}
          data-testid={`${testId}-file`}
          aria-label={translateMessage(t, 'msg.select-file')}
        />
      </Stack>
    </Box>
  );
}
