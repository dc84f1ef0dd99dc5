import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RouterLink } from './router-link';

export function Logo({ name }: { name: string }) {
  return (
    <Box
      component={RouterLink}
      href="/"
      aria-label={name}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} sx={{ borderRadius: 1 }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: 18, whiteSpace: 'nowrap' }}>
        {name}
      </Typography>
    </Box>
  );
}
