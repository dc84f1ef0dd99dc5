import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { UploadedMedia } from '@app/shared/schemas/media';
import { translateError } from '../../../lib/i18n';
import { useUploadNewsImage } from '../api/news-mutations';

interface NewsImageFieldProps {
  /** The chosen image's address, or null for none. */
  url: string | null;
  onUploaded: (media: UploadedMedia) => void;
  onRemove: () => void;
}

/** The item's picture (album `news`): uploaded at once, shown here and in the preview, saved with the item. */
export function NewsImageField({ url, onUploaded, onRemove }: NewsImageFieldProps) {
  const { t } = useTranslation('news');
  const upload = useUploadNewsImage();

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="news-image-field">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('editor.image')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box
          sx={{
            width: 128,
            aspectRatio: '16 / 9',
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {url ? (
            <Box
              component="img"
              src={url}
              alt={t('editor.imageAlt')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlined color="disabled" />
          )}
        </Box>
        <Button
          component="label"
          variant="outlined"
          disabled={upload.isPending}
          startIcon={upload.isPending ? <CircularProgress size={16} /> : undefined}
        >
          {upload.isPending ? t('editor.uploading') : url ? t('editor.replace') : t('editor.upload')}
          <input
            type="file"
            hidden
            accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/avif"
            data-testid="news-image-input"
            onChange={(event) => {
              choose(event.currentTarget.files);
              // The same file chosen again after a removal is a change too.
              event.currentTarget.value = '';
            }}
          />
        </Button>
        {url && (
          <Button color="inherit" startIcon={<DeleteOutlined />} onClick={onRemove} disabled={upload.isPending}>
            {t('editor.remove')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t('editor.imageHint')}
      </Typography>
      {upload.isError && (
        <Alert severity="error" onClose={() => upload.reset()}>
          {translateError(t, upload.error)}
        </Alert>
      )}
    </Stack>
  );
}
