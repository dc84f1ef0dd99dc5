import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled figure of the referral screen: the label small above, the value large. */
export function StatFigure({
  label,
  value,
  testId,
  hint,
}: {
  label: string;
  value: string;
  testId: string;
  hint?: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="textSecondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}
