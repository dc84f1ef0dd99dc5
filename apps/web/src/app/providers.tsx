import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme';
import { queryClient } from './query-client';

/**
 * `client`: the server renders each page with a QueryClient of its own. The socket's lifecycle is
 * the app's (main.tsx): a prerendered page is for visitors, who have no socket.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="dark" disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
