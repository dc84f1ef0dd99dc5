import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import RotateIcon from '@mui/icons-material/RotateRight';

const MIN_ZOOM = 1;
const MAX_ZOOM = 5;

/**
 * A photo at full size to read the small print: zoom up to 5x (the scroll area pans) and rotate
 * a document shot sideways. `children` goes beside the photo, e.g. the code the selfie must show.
 */
export function ZoomDialog({
  open,
  src,
  title,
  onClose,
  children,
}: {
  open: boolean;
  src: string | null;
  title: string;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('kyc');
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const sideways = turns % 2 === 1;
  return (
    <Dialog open={open} onClose={onClose} fullScreen data-testid="kyc-zoom">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: '#000', display: 'flex', flexDirection: 'column' }}>
        {children && <Box sx={{ p: 2, bgcolor: 'background.paper' }}>{children}</Box>}
        <Box sx={{ flex: 1, overflow: 'auto', position: 'relative' }}>
          {src && (
            <Box
              component="img"
              src={src}
              alt={title}
              sx={{
                display: 'block',
                width: `${zoom * 100}%`,
                maxWidth: 'none',
                height: sideways ? 'auto' : zoom === 1 ? '100%' : 'auto',
                objectFit: 'contain',
                transform: `rotate(${turns * 90}deg)`,
                transformOrigin: 'center',
              }}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 1, minWidth: 220, px: 1 }}>
          <IconButton aria-label={t('control.zoom.out')} onClick={() => setZoom((z) => Math.max(MIN_ZOOM, z - 0.5))}>
            <ZoomOutIcon />
          </IconButton>
          <Slider
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.25}
            onChange={(_, value) => setZoom(value as number)}
            aria-label={t('control.zoom.level')}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => `${value}x`}
          />
          <IconButton aria-label={t('control.zoom.in')} onClick={() => setZoom((z) => Math.min(MAX_ZOOM, z + 0.5))}>
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label={t('control.zoom.rotate')} onClick={() => setTurns((n) => (n + 1) % 4)}>
            <RotateIcon />
          </IconButton>
        </Stack>
        <Button onClick={onClose} variant="outlined">
          {t('control.zoom.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
