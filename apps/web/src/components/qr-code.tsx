import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { qrPath } from '../lib/qr-path';

const MARGIN = 2;

/** A QR code drawn as SVG, dark on white whatever the theme, so every scanner reads it. */
export function QrCode({
  value,
  size = 168,
  label,
  testId = 'qr-code',
}: {
  value: string;
  size?: number;
  label: string;
  testId?: string;
}) {
  const { size: modules, d } = useMemo(() => qrPath(value, MARGIN), [value]);
  const box = modules + MARGIN * 2;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 2, flexShrink: 0 }}
    >
      <path d={d} fill="#0a0b0f" />
    </Box>
  );
}
