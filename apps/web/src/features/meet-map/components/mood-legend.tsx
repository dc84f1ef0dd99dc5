import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MOODS, MOOD_STYLE } from '../lib/moods';

/** What the ring colours mean, over a corner of the map. */
export function MoodLegend() {
  const { t } = useTranslation('map');
  return (
    <Box
      component="figure"
      aria-label={t('legend.label')}
      data-testid="mood-legend"
      sx={{
        m: 0,
        px: 1.5,
        py: 1,
        borderRadius: 3,
        bgcolor: 'rgba(21,23,29,0.88)',
        backdropFilter: 'blur(6px)',
        border: 1,
        borderColor: 'divider',
        color: '#f2f4f8',
      }}
    >
      <Stack direction="row" spacing={1.5}>
        {MOODS.map((mood) => {
          const { color } = MOOD_STYLE[mood];
          return (
            <Stack key={mood} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: '50%', border: `3px solid ${color}` }} />
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {t(`moods.${mood}`)}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
