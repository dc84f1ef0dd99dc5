import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NFT_LEVELS, type NftLevelName } from '@app/shared/constants';
import type { Mood } from '@app/shared/schemas/meet';
import { MOODS, MOOD_STYLE } from '../lib/moods';
import { LEVEL_ACCENT } from '../../../app/theme';
import type { HandFilters } from '../lib/filters';

/** Mood chips (each on or off) and level chips (one at a time). */
export function MapFilters({
  value,
  onChange,
  compact = false,
}: {
  value: HandFilters;
  onChange: (next: HandFilters) => void;
  /** One scrolling row over the map on phones. */
  compact?: boolean;
}) {
  const { t } = useTranslation('map');
  const toggleMood = (mood: Mood) => {
    const moods = new Set(value.moods);
    if (moods.has(mood)) moods.delete(mood);
    else moods.add(mood);
    onChange({ ...value, moods });
  };

  const moodChips = MOODS.map((mood) => {
    const { color, icon: Icon } = MOOD_STYLE[mood];
    const on = value.moods.has(mood);
    return (
      <Chip
        key={mood}
        icon={<Icon style={{ color: on ? '#0a0b0f' : color }} />}
        label={t(`moods.${mood}`)}
        onClick={() => toggleMood(mood)}
        aria-pressed={on}
        data-testid={`filter-mood-${mood}`}
        variant={on ? 'filled' : 'outlined'}
        sx={{
          fontWeight: 600,
          ...(on
            ? { bgcolor: color, color: '#0a0b0f', '&:hover': { bgcolor: color, filter: 'brightness(1.08)' } }
            : { borderColor: color, color: 'text.primary', bgcolor: compact ? 'background.paper' : 'transparent' }),
        }}
      />
    );
  });

  const levelChip = (level: NftLevelName | null) => {
    const on = value.level === level;
    const accent = level ? LEVEL_ACCENT[level] : undefined;
    return (
      <Chip
        key={level ?? 'any'}
        label={level ? t(`common:levels.${level}`) : t('filters.anyLevel')}
        onClick={() => onChange({ ...value, level })}
        aria-pressed={on}
        data-testid={`filter-level-${level ?? 'any'}`}
        variant={on ? 'filled' : 'outlined'}
        size={compact ? 'medium' : 'small'}
        sx={{
          fontWeight: 600,
          ...(on && accent && { bgcolor: accent, color: '#0a0b0f', '&:hover': { bgcolor: accent } }),
          ...(!on && compact && { bgcolor: 'background.paper' }),
        }}
      />
    );
  };
  const levelChips = [levelChip(null), ...NFT_LEVELS.map(levelChip)];

  if (compact) {
    return (
      <Box
        role="group"
        aria-label={t('filters.label')}
        sx={{
          display: 'flex',
          gap: 1,
          overflowX: 'auto',
          px: 1.5,
          py: 1,
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {moodChips}
        <Box sx={{ width: '1px', flexShrink: 0, bgcolor: 'divider', mx: 0.5 }} />
        {levelChips}
      </Box>
    );
  }

  return (
    <Stack spacing={1.5} sx={{ px: 2, py: 1.5 }}>
      <Box role="group" aria-labelledby="filter-moods">
        <Typography id="filter-moods" variant="overline" color="textSecondary" component="p" sx={{ lineHeight: 2 }}>
          {t('filters.moods')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {moodChips}
        </Stack>
      </Box>
      <Box role="group" aria-labelledby="filter-levels">
        <Typography id="filter-levels" variant="overline" color="textSecondary" component="p" sx={{ lineHeight: 2 }}>
          {t('filters.levels')}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
          {levelChips}
        </Stack>
      </Box>
    </Stack>
  );
}
