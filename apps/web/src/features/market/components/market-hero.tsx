import { createContext, memo, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import DepositIcon from '@mui/icons-material/SouthWest';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { translateMessage } from '../../../lib/i18n';
import { useSocketConnected } from '../../../lib/socket';
import { useFormat } from '../../../lib/use-format';

/** Holds its place while the socket connects, so its arrival moves nothing (a layout shift). */
function LiveChip() {
  const { t } = useTranslation('market');
  const live = useSocketConnected();
  return (
    <Chip
      aria-hidden={!live}
      size="small"
      variant="outlined"
      color="success"
      label={t('hero.live')}
      data-testid="market-live"
      icon={
        <Box
          component="span"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', ml: '8px !important' }}
        />
      }
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, visibility: live ? 'visible' : 'hidden' }}
    />
  );
}

/**
 * The free balance reaches its figure through a context: the wallet's answer, arriving after the page
 * is up, renders the figure alone, not the head around it (about 70 components).
 */
export const AvailableContext = createContext<string | undefined>(undefined);

function AvailableAmount() {
  const available = useContext(AvailableContext);
  const f = useFormat();
  return available !== undefined ? f.amount(available, 'USDT') : '…';
}

interface MarketHeroProps {
  signedIn: boolean;
  depositHref: string;
  walletHref: string;
}

/** The page's head with the free balance. */
export const MarketHero = memo(function MarketHero({ signedIn, depositHref, walletHref }: MarketHeroProps) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <PageHeader eyebrow={t('common:nav.market')} title={t('hero.title')} lead={t('hero.lead')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, pt: 1 }}>
        {signedIn ? (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              sx={{
                alignItems: 'center',
                px: 2,
                py: 1.25,
                borderRadius: 3,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <WalletIcon color="primary" />
              <Box>
                <Typography variant="caption" color="textSecondary" sx={{ display: 'block', lineHeight: 1.3 }}>
                  {t('hero.available')}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="market-available">
                  <AvailableAmount />
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" href={depositHref} LinkComponent={RouterLink} startIcon={<DepositIcon />}>
                {t('hero.deposit')}
              </Button>
              <Button variant="outlined" href={walletHref} LinkComponent={RouterLink}>
                {t('hero.wallet')}
              </Button>
            </Stack>
          </>
        ) : (
          <Alert
            severity="info"
            data-testid="guest-notice"
            action={
              <Button href="/auth/login" LinkComponent={RouterLink} color="inherit">
                {t('common:nav.login')}
              </Button>
            }
          >
            {translateMessage(t, 'msg.login-to-buy')}
          </Alert>
        )}
        {signedIn && <LiveChip />}
      </Stack>
    </PageHeader>
  );
});
