import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** The tints a badge comes in: the palette colour over 15% of itself. */
const TONES = {
  primary: { bgcolor: 'rgba(47,123,255,0.15)', color: 'primary.main' },
  success: { bgcolor: 'rgba(76,175,80,0.15)', color: 'success.main' },
} as const;

/** A small icon on a round tint: the head of a card or of a step, the kind of a row. */
export function IconBadge({
  tone = 'primary',
  sx,
  children,
}: {
  tone?: keyof typeof TONES;
  /** Placed after the tone: a row's own tint and colour, its grid area. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      sx={[
        { width: 36, height: 36, borderRadius: '50%', display: 'grid', placeItems: 'center' },
        TONES[tone],
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
