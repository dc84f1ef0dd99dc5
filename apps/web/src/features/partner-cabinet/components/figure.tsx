import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled figure (visits, an amount): the label small above, the value large. */
export function Figure({
  label,
  value,
  testId,
  minWidth = 96,
}: {
  label: string;
  value: string;
  testId: string;
  minWidth?: number;
}) {
  return (
    <Box sx={{ minWidth }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}
