import { createTheme, type Theme } from '@mui/material/styles';
import { SCROLL_ANIMATION_MS, type NftLevelName } from '@app/shared/constants';
import type { Mood } from '@app/shared/schemas/meet';

/**
 * The accent of each token level: the home page's level cards, the market, the wallet, the meeting
 * and the map's badges all use these tones, so a level looks the same wherever it is shown. Plain
 * hex (not palette entries): callers append an alpha ("1f", "55") for tints and borders.
 */
export const LEVEL_ACCENT: Record<NftLevelName, string> = {
  SILVER: '#c0c7d2',
  GOLD: '#f2c14e',
  PLATINUM: '#9fd3ff',
  ICON: '#d39bff',
};

/** The tone of each mood a raised hand carries: the map's rings and filters, the meet guide's cards. */
export const MOOD_ACCENT: Record<Mood, string> = {
  romantic: '#ff7aa8',
  business: '#f2c14e',
  chat: '#6ea2ff',
};

/**
 * SPEC.md section 9: dark by default with a near-black background, bright blue primary and dark
 * grey surfaces; the light theme keeps MUI's own colours. No ripple, no text transform, letter
 * spacing or elevation on buttons; flat tonal cards with zero elevation.
 */
const createAppTheme = () =>
  createTheme({
    cssVariables: { colorSchemeSelector: 'data-mui-color-scheme' },
    colorSchemes: {
      dark: {
        palette: {
          mode: 'dark',
          // Near-black text on the bright blue: white on it would miss WCAG's 4.5:1 contrast.
          primary: { main: '#2f7bff', light: '#6ea2ff', dark: '#1f5fd6', contrastText: '#0a0b0f' },
          secondary: { main: '#9aa4b5' },
          // MUI's dark red with near-black text, as the primary: its white text misses 4.5:1 (3.7:1),
          // which a filled "failed" or "parked" chip showed.
          error: { main: '#f44336', contrastText: '#0a0b0f' },
          background: { default: '#0a0b0f', paper: '#15171d' },
          divider: 'rgba(255,255,255,0.08)',
          text: { primary: '#f2f4f8', secondary: '#a3abb9' },
        },
      },
      light: true,
    },
    defaultColorScheme: 'dark',
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: '"Roboto", system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
      button: { textTransform: 'none', letterSpacing: 0, fontWeight: 500 },
      h1: { fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 600 },
      overline: { letterSpacing: '0.08em' },
    },
    transitions: { duration: { complex: SCROLL_ANIMATION_MS } },
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: true } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ theme: t }) => ({
            textTransform: 'none',
            letterSpacing: 0,
            boxShadow: 'none',
            // The blue label on its hover tint over a dark surface falls to 4.2:1, under WCAG's
            // 4.5:1 (4.6:1 at rest): hovered, it takes the lighter blue (6.5:1).
            ...t.applyStyles('dark', {
              '&.MuiButton-colorPrimary:is(.MuiButton-text, .MuiButton-outlined):hover': {
                color: t.palette.primary.light,
              },
            }),
          }),
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: ({ theme: t }) => ({
            backgroundImage: 'none',
            ...t.applyStyles('dark', { backgroundColor: '#111318' }),
          }),
        },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'transparent' } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });

let built: Theme | undefined;

/**
 * Built on first use rather than on import: building it is a good part of a slow phone's start
 * (about 50 ms at 4x CPU throttle), and a prerendered page builds it in a task of its own.
 */
export const appTheme = (): Theme => (built ??= createAppTheme());
