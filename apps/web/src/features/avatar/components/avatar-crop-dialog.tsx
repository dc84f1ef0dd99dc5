import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

export interface AvatarCropDialogProps {
  /** Object URL of the picked picture. */
  src: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (area: Area) => void;
}

/** A round crop with zoom: what is inside the circle becomes the avatar. */
export function AvatarCropDialog({ src, saving, error, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useTranslation('avatar');
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog
      open
      // Closing mid-upload would hide the outcome; Cancel is disabled for the same reason.
      onClose={saving ? undefined : onCancel}
      aria-labelledby="avatar-crop-title"
      aria-busy={saving}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="avatar-crop-title">{t('crop.title')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            position: 'relative',
            height: { xs: 280, sm: 360 },
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ alt: t('crop.preview') }}
            cropperProps={{ role: 'group', 'aria-label': t('crop.area') }}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <ZoomOutIcon aria-hidden color="action" />
          <Slider
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            onChange={(_event, value) => setZoom(value as number)}
            disabled={saving}
            aria-label={t('crop.zoom')}
            getAriaValueText={(value) => `${Math.round(value * 100)}%`}
          />
          <ZoomInIcon aria-hidden color="action" />
        </Stack>
        {saving && <LinearProgress sx={{ mt: 2 }} aria-label={t('uploading')} />}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={saving}>
          {t('crop.cancel')}
        </Button>
        <Button variant="contained" onClick={() => area && onSave(area)} disabled={!area} loading={saving}>
          {t('crop.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
