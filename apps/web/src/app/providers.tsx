/** App-wide providers: TanStack Query and the toaster (the session provider sits inside the router). */
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@portal/contract';
import { AppToaster } from '../components/ui/toaster';
import { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOASTS_VISIBLE}
        richColors
        closeButton
        // At the bottom (one of the spec's two readings), so a toast never sits over the top bar or a page's main
        // action, which page headers place at the top right.
        offset={{ bottom: 16, right: 16 }}
        mobileOffset={{ bottom: 8, left: 8, right: 8 }}
      />
    </QueryClientProvider>
  );
}
