import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import type { CompanyImage } from '@app/shared/schemas/business';
import { imageSized } from '../../../components/company-card';
import { translateError } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * The logo (one image) or the photos (up to `max`): each file is uploaded at once into the
 * channel_photos album and shown as a thumbnail the person can take off again.
 */
export function ImagePicker({
  label,
  images,
  max,
  onChange,
  testId,
}: {
  label: string;
  images: CompanyImage[];
  max: number;
  onChange: (images: CompanyImage[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('business');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  async function pick(files: FileList | null) {
    if (!files?.length) return;
    setError(null);
    const room = max === 1 ? 1 : max - images.length;
    const added: CompanyImage[] = [];
    try {
      for (const file of [...files].slice(0, room)) {
        const uploaded = await upload.mutateAsync(file);
        added.push({ id: uploaded.id, url: uploaded.url });
      }
    } catch (e) {
      setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));
    }
    if (added.length) onChange(max === 1 ? added.slice(-1) : [...images, ...added]);
    if (input.current) input.current.value = '';
  }

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="p">
        {label}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {images.map((image) => (
          <Box key={image.id} sx={{ position: 'relative' }} data-testid={`${testId}-item`}>
            <Box
              component="img"
              src={imageSized(image.url, 'small')}
              alt=""
              sx={{ width: 72, height: 72, borderRadius: 1.5, objectFit: 'cover', display: 'block' }}
            />
            <IconButton
              size="small"
              aria-label={t('form.removeImage')}
              onClick={() => onChange(images.filter((i) => i.id !== image.id))}
              sx={{
                position: 'absolute',
                top: -8,
                right: -8,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <CloseIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
        {(max === 1 || images.length < max) && (
          <Button
            component="label"
            variant="outlined"
            color="inherit"
            startIcon={upload.isPending ? <CircularProgress size={16} /> : <AddPhotoIcon />}
            disabled={upload.isPending}
            sx={{ height: 72, borderStyle: 'dashed' }}
          >
            {max === 1 && images.length ? t('form.replaceLogo') : t(max === 1 ? 'form.addLogo' : 'form.addPhotos')}
            <input
              ref={input}
              hidden
              type="file"
              accept={ACCEPT}
              multiple={max > 1}
              data-testid={`${testId}-input`}
              onChange={(e) => void pick(e.target.files)}
            />
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
