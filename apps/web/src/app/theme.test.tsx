// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The colour each line is drawn in, as the browser reads it from the inserted styles. */
async function coloursOf(colors: string[]): Promise<string[]> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(() =>
    root.render(
      <ThemeProvider theme={appTheme()}>
        {colors.map((color) => (
          <Typography key={color} color={color}>
            {color}
          </Typography>
        ))}
      </ThemeProvider>,
    ),
  );
  const found = [...container.querySelectorAll('p')].map((p) => getComputedStyle(p).color);
  act(() => root.unmount());
  container.remove();
  return found;
}

describe('the theme', () => {
  it('draws Typography in the palette colour its theme path names (MUI 9 reads only palette names)', async () => {
    const [secondary, primary, error, warning, plain] = await coloursOf([
      'text.secondary',
      'text.primary',
      'error.main',
      'warning.main',
      'inherit',
    ]);
    expect(secondary).toBe('var(--mui-palette-text-secondary)');
    expect(primary).toBe('var(--mui-palette-text-primary)');
    expect(error).toBe('var(--mui-palette-error-main)');
    expect(warning).toBe('var(--mui-palette-warning-main)');
    expect(plain).not.toMatch(/palette/);
  });
});
