import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';

const COLORS = ['#2f7bff', '#6ea2ff', '#3ddc84', '#f2c14e', '#ff6b9a', '#c0c7d2', '#9fd3ff'];
const PIECES = 90;
const LIFETIME_MS = 4200;

interface Piece {
  left: number;
  delay: number;
  duration: number;
  drift: number;
  spin: number;
  width: number;
  color: string;
  round: boolean;
}

const makePieces = (): Piece[] =>
  Array.from({ length: PIECES }, (_, i) => ({
    left: Math.random() * 100,
    delay: Math.random() * 600,
    duration: 2200 + Math.random() * 1400,
    drift: (Math.random() - 0.5) * 160,
    spin: 360 + Math.random() * 720,
    width: 6 + Math.random() * 6,
    color: COLORS[i % COLORS.length]!,
    round: i % 3 === 0,
  }));

/** One burst: its pieces are made once, and it clears itself when they have fallen. */
function Burst() {
  const [pieces] = useState(makePieces);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDone(true), LIFETIME_MS);
    return () => clearTimeout(timer);
  }, []);

  if (done) return null;
  return (
    <Box
      aria-hidden
      data-testid="confetti"
      sx={{ position: 'fixed', inset: 0, pointerEvents: 'none', overflow: 'hidden', zIndex: 1500 }}
    >
      {pieces.map((p, i) => (
        <Box
          key={i}
          sx={{
            position: 'absolute',
            top: -20,
            left: `${p.left}%`,
            width: p.width,
            height: p.round ? p.width : p.width * 0.45,
            borderRadius: p.round ? '50%' : '2px',
            bgcolor: p.color,
            opacity: 0,
            animation: `meeting-confetti ${p.duration}ms cubic-bezier(.2,.6,.4,1) ${p.delay}ms forwards`,
            '--drift': `${p.drift}px`,
            '--spin': `${p.spin}deg`,
            '@keyframes meeting-confetti': {
              '0%': { opacity: 1, transform: 'translate3d(0, 0, 0) rotate(0deg)' },
              '85%': { opacity: 1 },
              '100%': { opacity: 0, transform: 'translate3d(var(--drift), 105vh, 0) rotate(var(--spin))' },
            },
          }}
        />
      ))}
    </Box>
  );
}

/**
 * A short burst of falling confetti over the screen each time `burst` grows; nothing at all for
 * people who prefer less motion (the result card says it all).
 */
export function Confetti({ burst }: { burst: number }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return burst && !reduced ? <Burst key={burst} /> : null;
}
