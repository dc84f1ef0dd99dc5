import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import PanToolIcon from '@mui/icons-material/PanToolOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { Reveal } from '../../../components/reveal';

const STEPS = [
  { key: 'raise', icon: PanToolIcon },
  { key: 'map', icon: MapIcon },
  { key: 'chat', icon: ChatIcon },
  { key: 'mint', icon: AutoAwesomeIcon },
] as const;

/** The four-step overview; the help pages tell the long version. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Box component="section" id="how-it-works" aria-labelledby="steps-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography id="steps-title" variant="h4" component="h2" sx={{ mb: 4 }}>
        {t('home.stepsTitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {STEPS.map(({ key, icon: Icon }, index) => (
          <Reveal key={key} delay={index * 100}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box sx={{ color: 'primary.main', mb: 2 }} aria-hidden>
                  <Icon fontSize="large" />
                </Box>
                <Typography variant="h6" component="h3">
                  {t(`home.steps.${key}.title`)}
                </Typography>
                <Typography color="textSecondary" sx={{ mt: 1 }}>
                  {t(`home.steps.${key}.text`)}
                </Typography>
              </CardContent>
            </Card>
          </Reveal>
        ))}
      </Box>
    </Box>
  );
}
