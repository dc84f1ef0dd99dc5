import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { MOOD_ACCENT } from '../../../app/theme';

const MOODS = [
  { key: 'romantic', icon: FavoriteIcon, color: MOOD_ACCENT.romantic },
  { key: 'business', icon: WorkIcon, color: MOOD_ACCENT.business },
  { key: 'chat', icon: ForumIcon, color: MOOD_ACCENT.chat },
] as const;

/** The three moods a hand can carry. */
export function MoodCards() {
  const { t } = useTranslation('meet');
  return (
    <Box component="section" aria-labelledby="moods-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography id="moods-title" variant="h4" component="h2">
        {t('meet.moodsTitle')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 4, maxWidth: 640 }}>
        {t('meet.moodsText')}
      </Typography>
      <Grid container spacing={2}>
        {MOODS.map(({ key, icon: Icon, color }) => (
          <Grid key={key} size={{ xs: 12, md: 4 }}>
            <Paper
              variant="outlined"
              sx={{ p: 3, height: '100%', bgcolor: 'transparent', borderLeft: 4, borderLeftColor: color }}
            >
              <Icon sx={{ color, fontSize: 32 }} aria-hidden />
              <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                {t(`meet.moods.${key}.title`)}
              </Typography>
              <Typography color="textSecondary" sx={{ mt: 0.5 }}>
                {t(`meet.moods.${key}.text`)}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
