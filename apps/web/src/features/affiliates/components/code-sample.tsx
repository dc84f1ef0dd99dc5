import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A labelled, wrapping code line: URLs here are long and must not push the page sideways. */
export function CodeSample({ label, code }: { label: string; code: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      <Box
        component="code"
        sx={{
          display: 'block',
          mt: 0.5,
          p: 2,
          borderRadius: 1.5,
          bgcolor: 'action.hover',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 14,
          overflowWrap: 'anywhere',
        }}
      >
        {code}
      </Box>
    </Box>
  );
}
