import type SvgIcon from '@mui/material/SvgIcon';
import FavoriteIcon from '@mui/icons-material/Favorite';
import WorkIcon from '@mui/icons-material/Work';
import ForumIcon from '@mui/icons-material/Forum';
import { MOODS, type Mood } from '@app/shared/schemas/meet';
import { MOOD_ACCENT } from '../../../app/theme';

/** The ring colour and icon of each mood. */
export const MOOD_STYLE: Record<Mood, { color: string; icon: typeof SvgIcon }> = {
  romantic: { color: MOOD_ACCENT.romantic, icon: FavoriteIcon },
  business: { color: MOOD_ACCENT.business, icon: WorkIcon },
  chat: { color: MOOD_ACCENT.chat, icon: ForumIcon },
};

export { MOODS };
