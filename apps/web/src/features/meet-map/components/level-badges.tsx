import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { NftLevelName } from '@app/shared/constants';
import { LEVEL_ACCENT } from '../../../app/theme';
import { sortLevels } from '../lib/levels';

/** The levels of the tokens a user holds, as small coloured badges. */
export function LevelBadges({
  levels,
  size = 'small',
}: {
  levels: readonly NftLevelName[];
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('map');
  if (!levels.length) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} data-testid="level-badges">
      {sortLevels(levels).map((level) => (
        <Box
          key={level}
          component="span"
          data-level={level}
          sx={{
            px: size === 'small' ? 0.75 : 1,
            py: size === 'small' ? 0 : 0.25,
            borderRadius: 1,
            fontSize: size === 'small' ? 11 : 13,
            fontWeight: 700,
            letterSpacing: '0.02em',
            lineHeight: '18px',
            color: '#0a0b0f',
            bgcolor: LEVEL_ACCENT[level],
          }}
        >
          {t(`common:levels.${level}`)}
        </Box>
      ))}
    </Stack>
  );
}
