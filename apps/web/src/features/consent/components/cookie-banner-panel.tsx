import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CONSENT_WAIT_MS } from '@app/shared/constants';
import { RouterLink } from '../../../components/router-link';
import { hideCookieBanner, recordConsentChoice, type ConsentChoice } from '../lib/consent-store';
import { LinkedText } from './linked-text';

const DETAILS = ['necessary', 'ads', 'geolocation', 'choice'] as const;

/** How MUI's Slide moves in and out (theme.transitions: enteringScreen, leavingScreen, their easings). */
const ENTER_MS = 225;
const EXIT_MS = 195;
const slideIn = keyframes`
  from { transform: translateY(100%); }
  to { transform: none; }
`;

/**
 * The banner itself (its own chunk, see CookieBanner). It never blocks the page: it sticks to the
 * bottom of the window but takes its own place at the end of the page, so nothing is left under
 * it once the visitor scrolls down. It slides up when opened and down before it is removed, with
 * CSS alone: the transition components would add their code to every first visit.
 */
export function CookieBannerPanel({ open }: { open: boolean }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), EXIT_MS);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  return mounted ? <BannerBody leaving={!open} /> : null;
}

function BannerBody({ leaving }: { leaving: boolean }) {
  const { t } = useTranslation('consent');
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState<ConsentChoice | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const choose = (choice: ConsentChoice) => {
    if (pending) return;
    setPending(choice);
    recordConsentChoice(choice);
    // The pause lets the visitor see which button took effect before the banner slides away.
    closeTimer.current = setTimeout(() => hideCookieBanner(choice), CONSENT_WAIT_MS);
  };

  const link = (href: string) => (words: string) => (
    <Link component={RouterLink} href={href} color="primary" underline="always">
      {words}
    </Link>
  );

  return (
    <Paper
      component="section"
      role="region"
      aria-label={t('label')}
      square
      data-testid="cookie-banner"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 'appBar',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        pb: 'env(safe-area-inset-bottom)',
        animation: `${slideIn} ${ENTER_MS}ms cubic-bezier(0, 0, 0.2, 1)`,
        transition: `transform ${EXIT_MS}ms cubic-bezier(0.4, 0, 0.6, 1)`,
        transform: leaving ? 'translateY(100%)' : 'none',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="h2">
              {t('title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <LinkedText text={t('text')} links={{ terms: link('/terms'), privacy: link('/privacy') }} />
            </Typography>
            <Button
              size="small"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-controls={detailsId}
              endIcon={
                <ExpandMoreIcon
                  sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                />
              }
              sx={{ ml: -0.75, mt: 0.25, px: 0.75 }}
            >
              {expanded ? t('hideDetails') : t('showDetails')}
            </Button>
            {/* Collapses like MUI's Collapse: the row shrinks to nothing, then the details are hidden. */}
            <Box
              sx={(theme) => ({
                display: 'grid',
                gridTemplateRows: expanded ? '1fr' : '0fr',
                visibility: expanded ? 'visible' : 'hidden',
                transition: `grid-template-rows ${theme.transitions.duration.standard}ms, visibility 0s linear ${expanded ? 0 : theme.transitions.duration.standard}ms`,
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              })}
            >
              <Box sx={{ overflow: 'hidden', minHeight: 0 }}>
                {/* Long texts scroll inside the banner: it never grows past a third of a phone screen. */}
                <Box id={detailsId} data-testid="cookie-details" sx={{ maxHeight: '33vh', overflowY: 'auto', pr: 1 }}>
                  {DETAILS.map((key) => (
                    <Typography key={key} variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                      {t(`details.${key}`)}
                    </Typography>
                  ))}
                </Box>
              </Box>
            </Box>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              onClick={() => choose('reject-additional')}
              loading={pending === 'reject-additional'}
              disabled={pending === 'accept-all'}
              sx={{ flex: { xs: 1, md: 'none' } }}
            >
              {t('rejectAdditional')}
            </Button>
            <Button
              variant="contained"
              onClick={() => choose('accept-all')}
              loading={pending === 'accept-all'}
              disabled={pending === 'reject-additional'}
              sx={{ flex: { xs: 1, md: 'none' } }}
            >
              {t('acceptAll')}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Paper>
  );
}
