import Box from '@mui/material/Box';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { PromotedPin } from '@app/shared/schemas/business';
import { imageSized, PROMOTED_COLOR } from '../../../components/company-card';

/**
 * A company's promoted pin: its logo in an amber rounded square pointing at its place, unlike the
 * round mood rings of people, so nobody mistakes an advert for someone to meet.
 */
export function PromotedMarker({ pin, label, onSelect }: { pin: PromotedPin; label: string; onSelect: () => void }) {
  const logo = pin.company.logo;
  return (
    <Box
      component="button"
      type="button"
      aria-label={label}
      data-testid="promoted-marker"
      data-company-id={pin.company.id}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
      sx={{
        p: 0,
        border: 0,
        bgcolor: 'transparent',
        cursor: 'pointer',
        display: 'block',
        transformOrigin: 'bottom center',
        transition: 'transform 150ms ease',
        '&:hover': { transform: 'scale(1.1)' },
        '&:focus-visible': { outline: '3px solid #f2f4f8', outlineOffset: 3, borderRadius: 2 },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: '11px',
          border: `3px solid ${PROMOTED_COLOR}`,
          overflow: 'hidden',
          bgcolor: '#1a1206',
          display: 'grid',
          placeItems: 'center',
          color: PROMOTED_COLOR,
          boxShadow: '0 4px 12px rgba(0,0,0,0.55)',
        }}
      >
        {logo ? (
          <Box
            component="img"
            src={imageSized(logo.url, 'small')}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <StorefrontIcon fontSize="small" />
        )}
      </Box>
      <Box
        sx={{
          width: 0,
          height: 0,
          mx: 'auto',
          borderLeft: '7px solid transparent',
          borderRight: '7px solid transparent',
          borderTop: `9px solid ${PROMOTED_COLOR}`,
        }}
      />
    </Box>
  );
}
