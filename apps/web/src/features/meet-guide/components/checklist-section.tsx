import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** A titled list of short rules or tips, each behind the same icon. */
export function ChecklistSection({
  id,
  title,
  items,
  icon,
  footer,
}: {
  id: string;
  title: string;
  items: string[];
  icon: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ py: { xs: 4, md: 6 } }}>
      <Typography id={`${id}-title`} variant="h4" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <List sx={{ maxWidth: 820 }}>
        {items.map((item) => (
          <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 40, mt: 0.5, color: 'primary.main' }} aria-hidden>
              {icon}
            </ListItemIcon>
            <ListItemText primary={item} slotProps={{ primary: { sx: { fontSize: 17 } } }} />
          </ListItem>
        ))}
      </List>
      {footer && <Typography color="textSecondary">{footer}</Typography>}
    </Box>
  );
}
