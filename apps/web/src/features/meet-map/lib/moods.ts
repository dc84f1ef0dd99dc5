import type SvgIcon from '@mui/material/SvgIcon';
import FavoriteIcon from '@mui/icons-material/Favorite';
import WorkIcon from '@mui/icons-material/Work';
import ForumIcon from '@mui/icons-material/Forum';
import { MOODS, type Mood } from '@app/shared/schemas/meet';

/** The ring colour and icon of each mood (the same tones as the meet-and-play guide). */
export const MOOD_STYLE: Record<Mood, { color: string; icon: typeof SvgIcon }> = {
  romantic: { color: '#ff7aa8', icon: FavoriteIcon },
  business: { color: '#f2c14e', icon: WorkIcon },
  chat: { color: '#6ea2ff', icon: ForumIcon },
};

export { MOODS };
