import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The top of a content page: its one h1, a line of context above it and a lead below. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  maxWidth = 'lg',
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** The width of the page body below, so the title lines up with it. */
  maxWidth?: 'md' | 'lg';
  /** Calls to action under the lead. */
  children?: ReactNode;
}) {
  return (
    <Box
      component="header"
      sx={{
        pt: { xs: 6, md: 10 },
        pb: { xs: 4, md: 6 },
        background: 'radial-gradient(1000px 400px at 15% -20%, rgba(47,123,255,0.18), transparent 60%)',
      }}
    >
      <Container maxWidth={maxWidth}>
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          {eyebrow && (
            <Typography variant="overline" color="primary">
              {eyebrow}
            </Typography>
          )}
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, sm: 40, md: 48 }, lineHeight: 1.15 }}>
            {title}
          </Typography>
          {lead && (
            <Typography color="textSecondary" component="div" sx={{ fontSize: { xs: 17, md: 19 } }}>
              {lead}
            </Typography>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
