import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ZoomIcon from '@mui/icons-material/ZoomIn';
import type { KycPhoto } from '@app/shared/schemas/kyc';
import { usePrivateImage } from '../../../lib/private-image';
import { ZoomDialog } from './zoom-dialog';

/** The code the selfie must show, beside it and in its zoomed view. */
function ExpectedCode({ code }: { code: string | null }) {
  const { t } = useTranslation('kyc');
  if (!code) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="textSecondary">
        {t('control.expectedCode')}
      </Typography>
      <Typography
        data-testid="kyc-expected-code"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 26,
          fontWeight: 700,
          letterSpacing: '0.2em',
        }}
      >
        {code}
      </Typography>
    </Box>
  );
}

function Photo({
  photo,
  title,
  testId,
  extra,
}: {
  photo: KycPhoto | null;
  title: string;
  testId: string;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('kyc');
  const [open, setOpen] = useState(false);
  const image = usePrivateImage(photo ? `${photo.url}/large` : null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <ButtonBase
        onClick={() => setOpen(true)}
        disabled={!image.src}
        aria-label={t('control.zoom.open', { title })}
        sx={{
          width: '100%',
          aspectRatio: '4 / 3',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: '#05070a',
          border: 1,
          borderColor: 'divider',
          position: 'relative',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {!photo ? (
          <Typography color="textSecondary">{t('control.noPhoto')}</Typography>
        ) : image.src ? (
          <>
            <Box
              component="img"
              src={image.src}
              alt={title}
              data-testid={testId}
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
            <ZoomIcon
              sx={{
                position: 'absolute',
                right: 8,
                bottom: 8,
                color: '#fff',
                bgcolor: 'rgba(0,0,0,0.55)',
                borderRadius: 1,
                p: 0.25,
              }}
            />
          </>
        ) : image.isError ? (
          <Typography color="error">{t('control.photoFailed')}</Typography>
        ) : (
          <CircularProgress size={28} />
        )}
      </ButtonBase>
      {extra && <Box sx={{ mt: 1 }}>{extra}</Box>}
      <ZoomDialog open={open} src={image.src} title={title} onClose={() => setOpen(false)}>
        {extra}
      </ZoomDialog>
    </Box>
  );
}

/** The document and the selfie side by side, large, each opening at full size to zoom. */
export function PhotoPair({
  document,
  selfie,
  code,
}: {
  document: KycPhoto | null;
  selfie: KycPhoto | null;
  code: string | null;
}) {
  const { t } = useTranslation('kyc');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="kyc-photos">
      <Photo photo={document} title={t('steps.document.title')} testId="kyc-document-photo" />
      <Photo
        photo={selfie}
        title={t('steps.selfie.title')}
        testId="kyc-selfie-photo"
        extra={<ExpectedCode code={code} />}
      />
    </Box>
  );
}
