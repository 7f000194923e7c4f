/** App-wide providers: TanStack Query and the toaster (the session provider sits inside the router). */
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@portal/contract';
import { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOASTS_VISIBLE}
        richColors
        closeButton
        // Below the top bar, so a toast never hides the name and Logout.
        offset={{ top: 72, right: 16 }}
        mobileOffset={{ top: 72, left: 8, right: 8 }}
      />
    </QueryClientProvider>
  );
}
