import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SuccessIcon from '@mui/icons-material/AutoAwesomeRounded';
import FailureIcon from '@mui/icons-material/SentimentSatisfiedRounded';
import TechnicalIcon from '@mui/icons-material/ReplayRounded';
import type { MintResult } from '@app/shared/schemas/meet';
import { RouterLink } from '../../../components/router-link';
import { readStartParams } from '../../../lib/start-params';
import { LEVEL_ACCENT } from '../../../app/theme';

/**
 * What a mint came to. Success is a small party (the confetti is the page's, see Confetti); a
 * failed draw is said kindly, as luck and not a verdict; a technical failure does not count, and
 * the pair may try again.
 */
export function MintOutcome({
  result,
  name,
  live,
  canRetry,
  retrying,
  onRetry,
}: {
  result: MintResult;
  name: string;
  /** Just arrived: scrolled into view (both phones may be showing anything when the other mints). */
  live: boolean;
  canRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['meeting', 'common']);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!live) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'center' });
  }, [live, result.id]);
  const level = t(`common:levels.${result.level}`);
  const percent = Math.round(result.chance * 100);
  const accent = LEVEL_ACCENT[result.level];

  if (result.outcome === 'success') {
    return (
      <Box
        ref={ref}
        data-testid="mint-outcome"
        data-outcome="success"
        data-nft={result.nftId ?? ''}
        role="status"
        sx={{
          p: 3,
          borderRadius: 3,
          textAlign: 'center',
          border: 1,
          borderColor: `${accent}66`,
          background: `radial-gradient(420px 200px at 50% 0%, ${accent}33, transparent 70%), rgba(255,255,255,0.02)`,
        }}
      >
        <Box
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 1.5,
            borderRadius: '22px',
            display: 'grid',
            placeItems: 'center',
            color: '#0a0b0f',
            bgcolor: accent,
            boxShadow: `0 0 40px ${accent}88`,
            animation: 'meeting-pop 700ms cubic-bezier(.2,1.4,.4,1) both',
            '@keyframes meeting-pop': {
              '0%': { transform: 'scale(0.3) rotate(-20deg)', opacity: 0 },
              '100%': { transform: 'none', opacity: 1 },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <SuccessIcon sx={{ fontSize: 40 }} />
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {t('result.success.title', { level })}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 440, mx: 'auto' }}>
          {t('result.success.text', { level, id: result.nftId ?? '', name })}
        </Typography>
        {result.nftId !== null && (
          <Button
            variant="contained"
            size="large"
            href={`/market?nft=${result.nftId}`}
            LinkComponent={RouterLink}
            // The market offers the token a ?nft= link names; read at app start, so kept here for an in-app visit.
            onClick={() => readStartParams(`?nft=${result.nftId}`)}
            sx={{ mt: 2.5 }}
            data-testid="minted-token-link"
          >
            {t('result.success.link', { id: result.nftId })}
          </Button>
        )}
      </Box>
    );
  }

  const technical = result.outcome === 'technical_failure';
  const Icon = technical ? TechnicalIcon : FailureIcon;
  return (
    <Box
      ref={ref}
      data-testid="mint-outcome"
      data-outcome={result.outcome}
      role="status"
      sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.02)' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: technical ? 'rgba(245,165,36,0.15)' : 'rgba(47,123,255,0.15)',
            color: technical ? 'warning.main' : 'primary.light',
          }}
        >
          <Icon />
        </Box>
        <Box>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
            {technical ? t('result.technical.title') : t('result.failure.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {technical ? t('result.technical.text') : t('result.failure.text', { percent, level, name })}
          </Typography>
          {!technical && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {t('result.failure.next', { level })}
            </Typography>
          )}
          {technical && canRetry && (
            <Button variant="contained" onClick={onRetry} disabled={retrying} sx={{ mt: 2 }} data-testid="mint-retry">
              {t('result.technical.retry')}
            </Button>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
