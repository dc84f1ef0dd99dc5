import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MeetingProgress, MeetingView, MintResult } from '@app/shared/schemas/meet';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { getMeetingQueryOptions, useMeeting } from '../api/get-meeting';
import { useMint } from '../api/mint';
import { peerName } from '../lib/peer-name';
import { useMeetingEvents } from '../lib/use-meeting-events';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';
import { usePositionReporter } from '../lib/use-position-reporter';
import { Confetti } from './confetti';
import { ConfirmSection } from './confirm-section';
import { LocationStatus, needsAttention } from './location-status';
import { MintPanel } from './mint-panel';
import { PeerHeader } from './peer-header';
import { ProgressRing } from './progress-ring';

/** With the socket connected, updates arrive as events and the view is only checked now and then. */
const POLL_LIVE_MS = 30_000;
const POLL_OFFLINE_MS = 5_000;

/** Answers that mean this meeting cannot be shown at all, each with its way forward. */
const WAY_FORWARD: Record<string, { href: string; label: string } | undefined> = {
  PROFILE_INCOMPLETE: { href: '/auth/update-profile', label: 'load.completeProfile' },
};

function Loading() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }} data-testid="meeting-loading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Skeleton variant="circular" width={64} height={64} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="30%" />
          <Skeleton width="60%" height={40} />
        </Box>
      </Stack>
      <Skeleton variant="rounded" height={320} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={240} />
    </Container>
  );
}

/**
 * /meet/:userId: two people standing side by side. Positions flow while the screen is open, the
 * time together fills a ring live on both phones, each confirms the other's rotating code, and
 * when every condition holds either of them mints.
 */
export function MeetingPage({ peerId, initialCode }: { peerId: number; initialCode: string | null }) {
  const { t } = useTranslation(['meeting', 'errors', 'common']);
  const f = useFormat();
  const queryClient = useQueryClient();
  const { queryKey } = getMeetingQueryOptions(peerId);
  const [burst, setBurst] = useState(0);
  const [liveResult, setLiveResult] = useState<MintResult | null>(null);
  const celebrated = useRef(new Set<number>());

  const celebrate = useCallback((result: MintResult) => {
    if (result.outcome === 'success' && !celebrated.current.has(result.id)) {
      celebrated.current.add(result.id);
      setBurst((n) => n + 1);
    }
  }, []);
  const takeResult = useCallback(
    (result: MintResult) => {
      setLiveResult(result);
      celebrate(result);
    },
    [celebrate],
  );

  const live = useMeetingEvents(peerId, takeResult);
  const meeting = useMeeting(peerId, live ? POLL_LIVE_MS : POLL_OFFLINE_MS);
  const view = meeting.data;
  const mint = useMint(peerId);

  // The mint shown when the screen opened is history. One that appears later is news, also when
  // it comes by the next poll because the socket was reconnecting when the event went out.
  const lastMint = view?.lastMint;
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!view) return;
    if (openedFor.current !== peerId) {
      openedFor.current = peerId;
      if (lastMint) celebrated.current.add(lastMint.id);
    } else if (lastMint) celebrate(lastMint);
  }, [view, lastMint, celebrate, peerId]);

  // A fix's answer is the progress alone; the rest of the view follows by 'meeting:update'.
  const setProgress = useCallback(
    (progress: MeetingProgress) =>
      queryClient.setQueryData<MeetingView>(queryKey, (current) => (current ? { ...current, progress } : current)),
    [queryClient, queryKey],
  );
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const reporter = usePositionReporter(peerId, Boolean(view) && view?.progress.status !== 'met', setProgress);

  const restriction = view?.restriction ?? null;
  const now = useNow(1000, { active: restriction !== null });
  const restrictionLeftMs = restriction ? Math.max(0, restriction.remainingMs - (now - meeting.dataUpdatedAt)) : null;

  if (meeting.isPending) return <Loading />;

  if (meeting.isError || !view) {
    const error = meeting.error instanceof ApiError ? meeting.error : null;
    const way = error ? WAY_FORWARD[error.code] : undefined;
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('load.title')}
        </Typography>
        <Alert
          severity="warning"
          data-testid="meeting-error"
          data-code={error?.code ?? ''}
          action={
            way ? (
              <Button color="inherit" href={way.href} LinkComponent={RouterLink}>
                {t(way.label)}
              </Button>
            ) : (
              <Button color="inherit" onClick={() => meeting.refetch()}>
                {t('load.retry')}
              </Button>
            )
          }
        >
          {translateError(t, error ?? {})}
        </Alert>
      </Container>
    );
  }

  const name = peerName(t, view.peer);
  const met = view.progress.status === 'met';
  const result = liveResult && (!view.lastMint || liveResult.id >= view.lastMint.id) ? liveResult : view.lastMint;
  const chance = view.mintChance ?? result?.chance ?? null;

  return (
    <Box
      sx={{ background: 'radial-gradient(900px 380px at 50% -120px, rgba(47,123,255,0.16), transparent 70%)' }}
      data-testid="meeting-page"
      data-peer={view.peer.id}
    >
      <Container maxWidth="md" sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 6, md: 10 } }}>
        <PeerHeader peer={view.peer} present={view.peerPresent} showPresence={!met} />
        {needsAttention(reporter) && (
          <Box sx={{ mt: 3 }}>
            <LocationStatus state={reporter} name={name} onRetry={reporter.retry} variant="alert" />
          </Box>
        )}

        <Grid container spacing={2} sx={{ mt: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <Card
                sx={{ p: { xs: 2.5, sm: 3 }, border: 1, borderColor: 'divider' }}
                component="section"
                aria-label={t('progress.label')}
              >
                <ProgressRing
                  progress={view.progress}
                  peerPresent={view.peerPresent}
                  name={name}
                  locating={reporter.status === 'locating'}
                  confirmed={view.confirmedByMe && view.confirmedByPeer}
                  metAtText={met && view.progress.metAt ? f.dateTime(view.progress.metAt) : null}
                />
                {reporter.status !== 'off' && !needsAttention(reporter) && (
                  <Box sx={{ mt: 2 }}>
                    <LocationStatus state={reporter} name={name} onRetry={reporter.retry} variant="line" />
                  </Box>
                )}
              </Card>
              <ConfirmSection
                view={view}
                receivedAt={meeting.dataUpdatedAt}
                name={name}
                initialCode={initialCode}
                onCodeExpired={refresh}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <MintPanel
              view={view}
              name={name}
              chance={chance}
              restrictionLeftMs={restrictionLeftMs}
              result={result}
              live={liveResult !== null && result?.id === liveResult.id}
              minting={mint.isPending}
              error={mint.error}
              onMint={() => mint.mutate(undefined, { onSuccess: takeResult })}
            />
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 2, px: 1 }}>
              {t('privacy')}
            </Typography>
          </Grid>
        </Grid>
      </Container>
      <Confetti burst={burst} />
    </Box>
  );
}
