import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEETING_CODE_ROTATION_SECONDS, type MeetingView } from '@app/shared/schemas/meet';
import type { QrPath } from '../../../lib/qr-path';
import { useNow } from '../../../lib/use-now';

const MARGIN = 3;
const ROTATION_MS = MEETING_CODE_ROTATION_SECONDS * 1000;
/** While the two clocks disagree, the code is fetched this often so the one shown is never stale for long. */
const SKEWED_REFRESH_MS = 3000;

/**
 * This user's rotating code: the QR code for the other phone's camera, the same code in large type
 * for reading aloud or typing, and a countdown to the next one. The QR code is drawn here in the
 * browser (the `qrcode` library loads with the first one), dark on white whatever the theme.
 *
 * The countdown trusts `expiresAt` only when, read on this device's clock at the moment the code
 * arrived, it lay within one rotation: otherwise the phone's clock is off, and instead of a wrong
 * countdown the screen says how often the code changes and fetches it every few seconds.
 */
export function MyCode({
  myCode,
  receivedAt,
  name,
  onExpired,
}: {
  myCode: MeetingView['myCode'];
  /** When this device received the code (epoch ms of its own clock). */
  receivedAt: number;
  name: string;
  /** The code on screen is no longer valid: fetch the next. */
  onExpired: () => void;
}) {
  const { t } = useTranslation(['meeting', 'common']);
  const [drawn, setDrawn] = useState<{ text: string; path: QrPath } | null>(null);
  useEffect(() => {
    let current = true;
    // The QR library loads with the first code drawn, not with the screen.
    void import('../../../lib/qr-path')
      .then(({ qrPath }) => qrPath(myCode.qr, MARGIN))
      .then((path) => current && setDrawn({ text: myCode.qr, path }));
    return () => {
      current = false;
    };
  }, [myCode.qr]);
  // Until the new code is drawn the old one stays: the server still takes it for a while.
  const path = drawn?.path ?? null;
  const box = path ? path.size + MARGIN * 2 : 0;
  const expiresAt = Date.parse(myCode.expiresAt);
  const lifeAtArrival = expiresAt - receivedAt;
  const trusted = Number.isFinite(expiresAt) && lifeAtArrival > 0 && lifeAtArrival <= ROTATION_MS + 2000;
  const now = useNow(250, { active: trusted });
  const leftMs = trusted ? Math.max(0, expiresAt - now) : null;
  const expired = leftMs === 0;

  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired, myCode.code]);

  useEffect(() => {
    if (trusted) return;
    const timer = setInterval(onExpired, SKEWED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [trusted, onExpired]);

  const seconds = leftMs === null ? null : Math.ceil(leftMs / 1000);
  const half = Math.ceil(myCode.code.length / 2);

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }} data-testid="my-code" data-code={myCode.code}>
      {path ? (
        <Box
          component="svg"
          role="img"
          aria-label={t('confirm.qrLabel', { name })}
          viewBox={`0 0 ${box} ${box}`}
          shapeRendering="crispEdges"
          data-testid="my-qr"
          data-qr={drawn?.text}
          sx={{
            display: 'block',
            width: { xs: 232, sm: 248 },
            height: { xs: 232, sm: 248 },
            bgcolor: '#fff',
            borderRadius: 3,
            boxShadow: '0 12px 40px rgba(47,123,255,0.18)',
          }}
        >
          <path d={path.d} fill="#0a0b0f" />
        </Box>
      ) : (
        <Skeleton
          variant="rounded"
          sx={{ width: { xs: 232, sm: 248 }, height: { xs: 232, sm: 248 }, borderRadius: 3 }}
        />
      )}
      <Typography
        component="p"
        aria-label={t('confirm.codeAria', { code: myCode.code.split('').join(' ') })}
        sx={{
          fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: 40, sm: 44 },
          fontWeight: 700,
          letterSpacing: '0.12em',
          lineHeight: 1.1,
        }}
        data-testid="my-code-text"
      >
        {myCode.code.slice(0, half)}
        <Box component="span" sx={{ display: 'inline-block', width: '0.4em' }} />
        {myCode.code.slice(half)}
      </Typography>
      <Box sx={{ width: '100%', maxWidth: 248 }}>
        {leftMs !== null && (
          <LinearProgress
            variant="determinate"
            value={(leftMs / ROTATION_MS) * 100}
            aria-hidden
            sx={{
              height: 4,
              borderRadius: 2,
              mb: 0.75,
              '& .MuiLinearProgress-bar': { transition: 'transform 250ms linear' },
            }}
          />
        )}
        <Typography
          variant="caption"
          color="textSecondary"
          sx={{ display: 'block', textAlign: 'center' }}
          data-testid="code-countdown"
        >
          {seconds === null
            ? t('confirm.changesEvery', { time: t('common:units.seconds', { count: MEETING_CODE_ROTATION_SECONDS }) })
            : t('confirm.changesIn', { time: t('common:units.seconds', { count: seconds }) })}
        </Typography>
      </Box>
    </Stack>
  );
}
