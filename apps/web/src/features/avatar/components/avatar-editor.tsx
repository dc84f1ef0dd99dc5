import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from 'react-easy-crop';
import Avatar from '@mui/material/Avatar';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Me } from '@app/shared/schemas/user';
import { mediaIdOfAvatarUrl } from '@app/shared/schemas/media';
import { translateError } from '../../../lib/i18n';
import { useMe } from '../../session/api/get-me';
import { useUploadAvatar } from '../api/upload-avatar';
import { useDeleteAvatar } from '../api/delete-avatar';
import { cropToSquare, loadImage } from '../lib/crop-image';
import { AvatarCropDialog } from './avatar-crop-dialog';
import { RemoveAvatarDialog } from './remove-avatar-dialog';

function displayName(me: Me): string {
  const { firstName, lastName, domain } = me.profile;
  return [firstName, lastName].filter(Boolean).join(' ') || domain || me.email;
}

function initials(me: Me): string {
  const { firstName, lastName, domain } = me.profile;
  const letters = [firstName, lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || domain?.[0] || me.email[0] || '').toUpperCase();
}

/**
 * The signed-in user's photo with Change and Remove. A picked picture is cropped to a square in
 * the browser and only that square is uploaded; the server makes it the avatar.
 */
export function AvatarEditor({ size = 96 }: { size?: number }) {
  const { t } = useTranslation('avatar');
  const { data: me } = useMe();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [status, setStatus] = useState('');

  // The picked picture is held as an object URL only while the crop dialog needs it.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  if (!me) return null;
  const avatarId = mediaIdOfAvatarUrl(me.profile.avatar);
  const saving = cropping || upload.isPending;
  const busy = saving || remove.isPending;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setPickError(null);
    setStatus('');
    if (file.type && !file.type.startsWith('image/')) {
      setPickError(translateError(t, { code: 'UNSUPPORTED_FILE' }));
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
    } catch {
      URL.revokeObjectURL(url);
      setPickError(t('unreadable'));
      return;
    }
    setSaveError(null);
    setSource(url);
  };

  const save = async (area: Area) => {
    if (!source) return;
    setSaveError(null);
    setCropping(true);
    let image: Blob;
    try {
      image = await cropToSquare(source, area);
    } catch {
      setSaveError(t('unreadable'));
      return;
    } finally {
      setCropping(false);
    }
    upload.mutate(image, {
      onSuccess: () => {
        setSource(null);
        setStatus(t('saved'));
      },
      onError: (error) => setSaveError(translateError(t, error)),
    });
  };

  const confirmRemove = () => {
    if (avatarId === null) return;
    remove.mutate(avatarId, {
      onSuccess: () => {
        setConfirmOpen(false);
        setStatus(t('removed'));
      },
    });
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: 'center' }}
      data-testid="avatar-editor"
    >
      <Box sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
        <Avatar
          src={me.profile.avatar ? `${me.profile.avatar}/medium` : undefined}
          alt={t('alt', { name: displayName(me) })}
          sx={{ width: size, height: size, fontSize: size / 2.5 }}
          data-testid="avatar-image"
        >
          {initials(me)}
        </Avatar>
        {busy && (
          <CircularProgress
            size={size + 8}
            aria-label={remove.isPending ? t('removing') : t('uploading')}
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        )}
      </Box>
      <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            {avatarId === null ? t('add') : t('change')}
          </Button>
          {avatarId !== null && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => {
                remove.reset();
                setStatus('');
                setConfirmOpen(true);
              }}
              disabled={busy}
            >
              {t('remove.button')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t('hint')}
        </Typography>
        <Typography variant="body2" role="status" aria-live="polite" sx={{ minHeight: '1.5em' }}>
          {status}
        </Typography>
        {pickError && (
          <Alert severity="error" role="alert" onClose={() => setPickError(null)}>
            {pickError}
          </Alert>
        )}
      </Stack>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        onChange={pick}
        aria-label={t('chooseFile')}
        data-testid="avatar-file-input"
      />
      {source && (
        <AvatarCropDialog
          src={source}
          saving={saving}
          error={saveError}
          onCancel={() => setSource(null)}
          onSave={save}
        />
      )}
      <RemoveAvatarDialog
        open={confirmOpen}
        removing={remove.isPending}
        error={remove.error ? translateError(t, remove.error) : null}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}
