import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * One figure of the monitor: a label, a big number and a line of detail. `alert` tints the tile
 * when a number that should be zero is not. `testId` names the number for tests.
 */
export function FigureTile({
  label,
  value,
  detail,
  alert = false,
  action,
  testId,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  alert?: boolean;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        borderColor: alert ? 'error.main' : 'divider',
        bgcolor: alert ? 'rgba(244, 67, 54, 0.06)' : 'background.paper',
      }}
    >
      <Typography variant="body2" color="textSecondary" component="h3">
        {label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: alert ? 'error.light' : 'text.primary' }}
        data-testid={testId}
      >
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="textSecondary" component="div">
          {detail}
        </Typography>
      )}
      {action && <Box sx={{ mt: 'auto', pt: 0.5 }}>{action}</Box>}
    </Paper>
  );
}
