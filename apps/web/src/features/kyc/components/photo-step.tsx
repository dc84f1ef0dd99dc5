import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import ReplaceIcon from '@mui/icons-material/Replay';
import type { KycApplication, KycPhotoStep } from '@app/shared/schemas/kyc';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { usePrivateImage } from '../../../lib/private-image';
import { useUploadKycPhoto } from '../api/upload-kyc-photo';
import { CameraCapture } from './camera-capture';

/** The photo already uploaded for a step, fetched with the bearer token (the server serves it to its owner only). */
function UploadedPhoto({ url, alt, testId }: { url: string; alt: string; testId: string }) {
  const image = usePrivateImage(`${url}/medium`);
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 420,
        mx: 'auto',
        aspectRatio: '4 / 3',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: '#05070a',
        border: 1,
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {image.src ? (
        <Box
          component="img"
          src={image.src}
          alt={alt}
          data-testid={testId}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        !image.isError && <CircularProgress size={28} />
      )}
    </Box>
  );
}

/**
 * A photo step: the uploaded photo while it stands, or the camera (with the file fallback) and a
 * button that sends the shot. Editable only while the application is a draft.
 */
export function PhotoStep({
  step,
  application,
  editable,
}: {
  step: KycPhotoStep;
  application: KycApplication;
  editable: boolean;
}) {
  const { t } = useTranslation(['kyc', 'errors']);
  const upload = useUploadKycPhoto();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploaded = application.steps[step].photo;
  const kind = step === 'document' ? 'document' : 'selfie';

  const send = async () => {
    if (!photo) return;
    setError(null);
    try {
      await upload.mutateAsync({ step, photo, applicationId: application.id });
      setPhoto(null);
      setReplacing(false);
    } catch (failure) {
      setError(translateError(t, failure instanceof ApiError ? failure : {}));
    }
  };

  if (uploaded && !replacing) {
    return (
      <Stack spacing={1.5}>
        <UploadedPhoto url={uploaded.url} alt={t(`camera.${kind}.preview`)} testId={`kyc-${step}-uploaded`} />
        {editable && (
          <Button
            variant="text"
            startIcon={<ReplaceIcon />}
            onClick={() => setReplacing(true)}
            sx={{ alignSelf: 'center' }}
            data-testid={`kyc-${step}-replace`}
          >
            {t('photo.replace')}
          </Button>
        )}
      </Stack>
    );
  }
  if (!editable) return null;

  return (
    <Stack spacing={1.5}>
      <CameraCapture
        kind={kind}
        photo={photo}
        onPhoto={(next) => {
          setError(null);
          setPhoto(next);
        }}
        disabled={upload.isPending}
        testId={`kyc-${step}-camera`}
      />
      {error && (
        <Alert severity="error" role="alert" data-testid={`kyc-${step}-error`}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'center' }}>
        {photo && (
          <Button
            variant="contained"
            size="large"
            startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" /> : <UploadIcon />}
            disabled={upload.isPending}
            onClick={() => void send()}
            data-testid={`kyc-${step}-send`}
          >
            {t('photo.use')}
          </Button>
        )}
        {uploaded && (
          <Button
            onClick={() => {
              setPhoto(null);
              setReplacing(false);
            }}
            disabled={upload.isPending}
          >
            {t('photo.keep')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
