import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme';
import { queryClient } from './query-client';

/**
 * `client`: the server renders each page with a QueryClient of its own. The socket's lifecycle is
 * the app's (main.tsx): a prerendered page is for visitors, who have no socket.
 *
 * `noSsr`: the app renders alone, over no server markup, so the theme may read the stored colour
 * scheme in its first render. Without it MUI renders once without a scheme and again, whole, right
 * after mounting (its hydration-safe default): on a slow phone the whole page twice.
 */
export function Providers({
  children,
  client = queryClient,
  noSsr = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  noSsr?: boolean;
}) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="dark" disableTransitionOnChange noSsr={noSsr}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
