import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A static outlined label that looks like MUI's outlined Chip. Chip carries the code of a
 * clickable, deletable control; the pages every visitor opens first (home, the footer) only need
 * the look, so they use this instead.
 */
export function Tag({
  label,
  icon,
  size = 'medium',
  color = 'default',
  sx,
  ...rest
}: {
  label: string;
  icon?: ReactElement;
  size?: 'small' | 'medium';
  color?: 'default' | 'primary';
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}) {
  const small = size === 'small';
  return (
    <Box
      component="span"
      {...rest}
      sx={[
        (theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          boxSizing: 'border-box',
          maxWidth: '100%',
          height: small ? 24 : 32,
          px: small ? '7px' : '11px',
          gap: '6px',
          borderRadius: small ? '12px' : '16px',
          border: '1px solid',
          fontSize: theme.typography.pxToRem(13),
          lineHeight: 1.5,
          whiteSpace: 'nowrap',
          // The same colours as the outlined Chip, through the theme's CSS variables.
          color: color === 'primary' ? 'var(--mui-palette-primary-main)' : 'var(--mui-palette-text-primary)',
          borderColor:
            color === 'primary'
              ? 'rgba(var(--mui-palette-primary-mainChannel) / 0.7)'
              : 'var(--mui-palette-Chip-defaultBorder)',
          '& > svg': {
            fontSize: small ? 16 : 18,
            ml: small ? '-2px' : '-4px',
            color: color === 'primary' ? 'inherit' : 'var(--mui-palette-Chip-defaultIconColor)',
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label}
      </Box>
    </Box>
  );
}
