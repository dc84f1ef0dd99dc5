import Typography from '@mui/material/Typography';

export function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h4" component="h2" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
