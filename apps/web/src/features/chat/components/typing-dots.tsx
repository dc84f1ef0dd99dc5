import { keyframes } from '@mui/material/styles';
import Box from '@mui/material/Box';

const bounce = keyframes`
  0%, 60%, 100% { transform: translateY(0); opacity: 0.5; }
  30% { transform: translateY(-4px); opacity: 1; }
`;

/** Three bouncing dots in a bubble of the peer's: they are typing. */
export function TypingDots({ label }: { label: string }) {
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, mt: 1 }} data-testid="typing-dots">
      <Box
        role="status"
        aria-label={label}
        sx={(theme) => ({
          display: 'inline-flex',
          gap: 0.5,
          px: 1.75,
          py: 1.25,
          borderRadius: '18px',
          borderBottomLeftRadius: 4,
          bgcolor: '#fff',
          ...theme.applyStyles('dark', { bgcolor: '#1e2129' }),
        })}
      >
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            component="span"
            sx={{
              width: 7,
              height: 7,
              borderRadius: '50%',
              bgcolor: 'text.secondary',
              animation: `${bounce} 1.2s ${i * 0.15}s infinite ease-in-out`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
