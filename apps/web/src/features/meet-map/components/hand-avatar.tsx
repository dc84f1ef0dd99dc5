import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import type { Mood } from '@app/shared/schemas/meet';
import { MOOD_STYLE } from '../lib/moods';

/** The API's avatar URL at another size (/api/media/avatar/{id}[/size]). */
export const avatarAt = (url: string | null, size: 'small' | 'medium' | 'large') =>
  url ? url.replace(/^(\/api\/media\/avatar\/\d+)(\/(small|medium|large))?$/, `$1/${size}`) : undefined;

/**
 * A round avatar in a ring of its mood's colour with the mood's icon as a badge: the map's marker,
 * the list's row and the card's header. Without a photo, the first letter of the name.
 */
export function HandAvatar({
  avatar,
  name,
  mood,
  size = 48,
  selected = false,
}: {
  avatar: string | null;
  name: string;
  mood: Mood | null;
  size?: number;
  selected?: boolean;
}) {
  const style = mood ? MOOD_STYLE[mood] : null;
  const ring = style?.color ?? '#2f7bff';
  const Icon = style?.icon;
  const ringWidth = Math.max(2, Math.round(size / 16));
  const badge = Math.max(14, Math.round(size * 0.36));
  return (
    <Box sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <Box
        sx={{
          width: '100%',
          height: '100%',
          borderRadius: '50%',
          p: `${ringWidth}px`,
          bgcolor: ring,
          boxShadow: selected
            ? `0 0 0 3px #0a0b0f, 0 0 0 6px ${ring}, 0 8px 24px rgba(0,0,0,0.55)`
            : '0 4px 14px rgba(0,0,0,0.5)',
          transition: 'box-shadow 150ms ease',
        }}
      >
        <Avatar
          src={avatarAt(avatar, size > 64 ? 'medium' : 'small')}
          alt=""
          sx={{
            width: '100%',
            height: '100%',
            border: `${Math.max(1, ringWidth - 1)}px solid #0a0b0f`,
            bgcolor: '#1f2430',
            color: '#f2f4f8',
            fontWeight: 700,
            fontSize: size * 0.4,
          }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Box>
      {Icon && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: -2,
            bottom: -2,
            width: badge,
            height: badge,
            borderRadius: '50%',
            bgcolor: ring,
            color: '#0a0b0f',
            border: '2px solid #0a0b0f',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Icon sx={{ fontSize: badge * 0.62 }} />
        </Box>
      )}
    </Box>
  );
}
