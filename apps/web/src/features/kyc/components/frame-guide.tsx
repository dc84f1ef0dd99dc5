import { useId } from 'react';
import Box from '@mui/material/Box';

export type GuideKind = 'document' | 'selfie';

/** The viewport's shape per guide: a landscape card, or a portrait of a face above a held paper. */
export const GUIDE_ASPECT: Record<GuideKind, string> = { document: '4 / 3', selfie: '3 / 4' };

/** An ID-1 card (85.6 x 54 mm) in a 400 x 300 frame. */
function DocumentShapes() {
  return <rect x="40" y="49" width="320" height="202" rx="14" />;
}

/** A face in the upper half, the document and the written code in the lower. */
function SelfieShapes() {
  return (
    <>
      <ellipse cx="150" cy="118" rx="68" ry="88" />
      <rect x="55" y="236" width="190" height="128" rx="10" />
    </>
  );
}

/**
 * Where to hold what: everything outside the shapes is dimmed and the shapes are outlined. Drawn
 * over the live video and over the empty viewport before the camera starts, so the person knows
 * what the photo should look like.
 */
export function FrameGuide({ kind, dim = true }: { kind: GuideKind; dim?: boolean }) {
  const maskId = useId();
  const viewBox = kind === 'document' ? '0 0 400 300' : '0 0 300 400';
  const Shapes = kind === 'document' ? DocumentShapes : SelfieShapes;
  return (
    <Box
      component="svg"
      viewBox={viewBox}
      aria-hidden
      data-testid="frame-guide"
      data-kind={kind}
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      <defs>
        <mask id={maskId}>
          <rect width="100%" height="100%" fill="white" />
          <g fill="black">
            <Shapes />
          </g>
        </mask>
      </defs>
      {dim && <rect width="100%" height="100%" fill="rgba(0,0,0,0.5)" mask={`url(#${maskId})`} />}
      <Box component="g" sx={{ fill: 'none', stroke: (theme) => theme.palette.primary.main }} strokeWidth="3">
        <Shapes />
      </Box>
    </Box>
  );
}
