import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LayersIcon from '@mui/icons-material/LayersOutlined';
import NearMeIcon from '@mui/icons-material/NearMeOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import HourglassIcon from '@mui/icons-material/HourglassTopOutlined';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUserOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { RouterLink } from '../../../components/router-link';
import { Reveal } from '../../../components/reveal';
import { useProductFacts } from '../../../components/use-product-facts';

const CONDITIONS = [
  { key: 'level', icon: LayersIcon },
  { key: 'distance', icon: NearMeIcon },
  { key: 'qr', icon: QrCodeIcon },
  { key: 'wait', icon: HourglassIcon },
  { key: 'kyc', icon: VerifiedUserIcon },
  { key: 'pair', icon: PeopleIcon },
] as const;

/** What has to be true for a meeting to mint, so nobody buys a token expecting something else. */
export function MintingSection() {
  const { t } = useTranslation('content');
  const facts = useProductFacts();
  return (
    <Box
      component="section"
      aria-labelledby="mint-title"
      sx={{ py: { xs: 6, md: 10 } }}
      data-testid="how-minting-works"
    >
      <Typography variant="overline" color="primary">
        {t('home.mint.eyebrow')}
      </Typography>
      <Typography id="mint-title" variant="h4" component="h2">
        {t('home.mint.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 4, maxWidth: 720 }}>
        {t('home.mint.subtitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {CONDITIONS.map(({ key, icon: Icon }, index) => (
          <Reveal key={key} delay={(index % 3) * 100}>
            <Paper variant="outlined" sx={{ p: 3, height: '100%', bgcolor: 'transparent' }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{
                    flexShrink: 0,
                    width: 44,
                    height: 44,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                  }}
                >
                  <Icon />
                </Box>
                <Box>
                  <Typography variant="h6" component="h3" sx={{ fontSize: 18 }}>
                    {t(`home.mint.conditions.${key}.title`, facts)}
                  </Typography>
                  <Typography color="textSecondary" sx={{ mt: 0.5 }}>
                    {t(`home.mint.conditions.${key}.text`, facts)}
                  </Typography>
                </Box>
              </Stack>
            </Paper>
          </Reveal>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mt: 4, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography sx={{ maxWidth: 760 }}>{t('home.mint.chance', facts)}</Typography>
        <Button
          variant="outlined"
          href="/help/how-to-meet"
          LinkComponent={RouterLink}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          {t('home.mint.more')}
        </Button>
      </Stack>
    </Box>
  );
}
