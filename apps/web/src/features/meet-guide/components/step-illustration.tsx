import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { MEETING_DISTANCE_METERS, MEETING_DURATION_MINUTES } from '@app/shared/constants';

export type MeetingStep = 'raise' | 'map' | 'chat' | 'meet' | 'scan' | 'mint';

/** A phone outline at (x, y), its screen left for the caller to draw on. */
function Phone({ x, y, children }: { x: number; y: number; children?: ReactNode }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="34" height="60" rx="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <rect x="13" y="4" width="8" height="2" rx="1" fill="currentColor" opacity="0.5" />
      {children}
    </g>
  );
}

const QR_CELLS = 9;
const QR_CELL = 2.4;
const inFinder = (col: number, row: number) => (col < 3 && row < 3) || (col > 5 && row < 3) || (col < 3 && row > 5);

/** A small QR-like pattern: three corner finders and scattered cells, different per seed. */
function QrPattern({ x, y, seed }: { x: number; y: number; seed: number }) {
  const cells = Array.from({ length: QR_CELLS * QR_CELLS }, (_, i) => i).filter((i) => {
    const col = i % QR_CELLS;
    const row = Math.floor(i / QR_CELLS);
    return !inFinder(col, row) && (col * 5 + row * 3 + seed * 7 + col * row) % 3 === 0;
  });
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`} transform={`translate(${fx * QR_CELL} ${fy * QR_CELL})`}>
      <rect
        x="0.5"
        y="0.5"
        width={3 * QR_CELL - 1}
        height={3 * QR_CELL - 1}
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
      />
      <rect x={QR_CELL} y={QR_CELL} width={QR_CELL} height={QR_CELL} fill="currentColor" />
    </g>
  );
  return (
    <g transform={`translate(${x} ${y})`}>
      {finder(0, 0)}
      {finder(6, 0)}
      {finder(0, 6)}
      {cells.map((i) => (
        <rect
          key={i}
          x={(i % QR_CELLS) * QR_CELL}
          y={Math.floor(i / QR_CELLS) * QR_CELL}
          width={QR_CELL - 0.3}
          height={QR_CELL - 0.3}
          fill="currentColor"
        />
      ))}
    </g>
  );
}

function Raise() {
  return (
    <>
      {[34, 26, 18].map((r, i) => (
        <circle
          key={r}
          cx="80"
          cy="52"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          opacity={0.2 + i * 0.25}
        />
      ))}
      {/* A raised open hand: palm and four fingers with the thumb aside. */}
      <g fill="currentColor" transform="translate(68 34)">
        <rect x="2" y="6" width="5" height="16" rx="2.5" />
        <rect x="8" y="0" width="5" height="20" rx="2.5" />
        <rect x="14" y="2" width="5" height="18" rx="2.5" />
        <rect x="20" y="8" width="5" height="14" rx="2.5" />
        <path d="M2 18h23v6a10 10 0 0 1-10 10h-3A10 10 0 0 1 2 24z" />
      </g>
    </>
  );
}

function MapGrid() {
  const lines = [20, 40, 60, 80, 100, 120, 140];
  return (
    <>
      {lines.map((x) => (
        <line key={`v${x}`} x1={x} y1="8" x2={x} y2="96" stroke="currentColor" strokeWidth="1" opacity="0.2" />
      ))}
      {[24, 48, 72].map((y) => (
        <line key={`h${y}`} x1="8" y1={y} x2="152" y2={y} stroke="currentColor" strokeWidth="1" opacity="0.2" />
      ))}
      {/* The true position (hollow) is shown to nobody; others see the snapped one (filled). */}
      <circle
        cx="92"
        cy="58"
        r="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeDasharray="2 2"
        opacity="0.7"
      />
      <line
        x1="92"
        y1="58"
        x2="100"
        y2="48"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeDasharray="2 2"
        opacity="0.7"
      />
      <circle cx="100" cy="48" r="11" fill="currentColor" opacity="0.18" />
      <circle cx="100" cy="48" r="6" fill="currentColor" />
      <circle cx="40" cy="24" r="5" fill="currentColor" opacity="0.55" />
      <circle cx="140" cy="72" r="5" fill="currentColor" opacity="0.55" />
      <circle cx="60" cy="72" r="5" fill="currentColor" opacity="0.55" />
    </>
  );
}

function Chat() {
  return (
    <>
      <path
        d="M22 16h70a8 8 0 0 1 8 8v22a8 8 0 0 1-8 8H40l-12 10v-10h-6a8 8 0 0 1-8-8V24a8 8 0 0 1 8-8z"
        fill="currentColor"
        opacity="0.25"
      />
      <rect x="26" y="28" width="52" height="4" rx="2" fill="currentColor" />
      <rect x="26" y="38" width="36" height="4" rx="2" fill="currentColor" opacity="0.7" />
      <path
        d="M138 44H72a8 8 0 0 0-8 8v20a8 8 0 0 0 8 8h48l12 10V80h6a8 8 0 0 0 8-8V52a8 8 0 0 0-8-8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      />
      <rect x="76" y="56" width="56" height="4" rx="2" fill="currentColor" opacity="0.8" />
      <rect x="76" y="66" width="30" height="4" rx="2" fill="currentColor" opacity="0.6" />
    </>
  );
}

function Meet({ distance, minutes }: { distance: string; minutes: string }) {
  return (
    <>
      <circle cx="80" cy="52" r="44" fill="currentColor" opacity="0.08" />
      <circle
        cx="80"
        cy="52"
        r="44"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeDasharray="4 4"
        opacity="0.7"
      />
      <Phone x={44} y={26} />
      <Phone x={82} y={26} />
      <line x1="52" y1="94" x2="108" y2="94" stroke="currentColor" strokeWidth="1.5" />
      <text x="80" y="104" textAnchor="middle" fontSize="10" fill="currentColor" fontFamily="inherit">
        {distance}
      </text>
      <g transform="translate(142 18)">
        <circle r="13" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M0 -8V0l5 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <text y="26" textAnchor="middle" fontSize="10" fill="currentColor" fontFamily="inherit">
          {minutes}
        </text>
      </g>
    </>
  );
}

function Scan() {
  return (
    <>
      <Phone x={28} y={22}>
        <QrPattern x={6.2} y={19} seed={1} />
      </Phone>
      <Phone x={98} y={22}>
        <QrPattern x={6.2} y={19} seed={2} />
      </Phone>
      <path d="M68 40h22m-6-5 6 5-6 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M92 66H70m6-5-6 5 6 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  );
}

function Mint() {
  return (
    <>
      <circle cx="36" cy="52" r="12" fill="currentColor" opacity="0.5" />
      <circle cx="124" cy="52" r="12" fill="currentColor" opacity="0.5" />
      <path d="M48 52h14M98 52h14" stroke="currentColor" strokeWidth="2" strokeDasharray="3 3" />
      <path
        d="M80 22l24 14v30L80 80 56 66V36z"
        fill="currentColor"
        opacity="0.2"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M80 38l3.5 7.5L91 49l-7.5 3.5L80 60l-3.5-7.5L69 49l7.5-3.5z" fill="currentColor" />
      <path d="M112 20l1.8 3.7 3.7 1.8-3.7 1.8L112 31l-1.8-3.7-3.7-1.8 3.7-1.8z" fill="currentColor" opacity="0.7" />
    </>
  );
}

/** A small drawing of one step of a meeting. Decorative: the step's text says it all. */
export function StepIllustration({ step }: { step: MeetingStep }) {
  const { t } = useTranslation('meet');
  const drawings: Record<MeetingStep, ReactNode> = {
    raise: <Raise />,
    map: <MapGrid />,
    chat: <Chat />,
    meet: (
      <Meet
        distance={t('meet.short.distance', { value: MEETING_DISTANCE_METERS })}
        minutes={t('meet.short.minutes', { value: MEETING_DURATION_MINUTES })}
      />
    ),
    scan: <Scan />,
    mint: <Mint />,
  };
  return (
    <Box
      aria-hidden
      sx={{
        color: 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        aspectRatio: '16 / 10',
        width: '100%',
        overflow: 'hidden',
      }}
    >
      <Box component="svg" viewBox="0 0 160 110" sx={{ width: '80%', height: 'auto', display: 'block' }}>
        {drawings[step]}
      </Box>
    </Box>
  );
}
