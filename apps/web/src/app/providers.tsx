import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';
import { queryClient } from './query-client';
import { SocketLifecycle } from './socket-lifecycle';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="dark" disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <SocketLifecycle />
        {children}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
