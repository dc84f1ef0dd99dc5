import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { RouterLink } from '../../../components/router-link';

/**
 * The one allowed placeholder: a designed page for a screen that is not built yet, saying what it
 * will hold. Each later feature replaces its own route.
 */
export function ComingSoonPage({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }} data-testid="coming-soon" data-screen={screen}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 88,
            height: 88,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <ConstructionIcon sx={{ fontSize: 44 }} />
        </Box>
        <Chip label={t('comingSoon.badge')} color="primary" variant="outlined" size="small" />
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
          {t(`screens.${screen}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: 18 }}>
          {t(`screens.${screen}.description`)}
        </Typography>
        <Typography color="text.secondary">{t('comingSoon.lead')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <Button variant="contained" size="large" href="/" LinkComponent={RouterLink}>
            {t('comingSoon.home')}
          </Button>
          <Button variant="outlined" size="large" href="/help/faq" LinkComponent={RouterLink}>
            {t('comingSoon.faq')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
