import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The thin bar shown while a page's chunk loads: what MUI's indeterminate LinearProgress draws,
 * without its code in every page's first download. It holds a screen's height, so the footer
 * waits below the fold instead of jumping down when the page arrives (a layout shift).
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Box role="progressbar" aria-label={label} sx={{ height: 4, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <Box
          sx={{
            width: '40%',
            height: '100%',
            bgcolor: 'primary.main',
            animation: `${slide} 1.4s ease-in-out infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 },
          }}
        />
      </Box>
    </Box>
  );
}
