// Vitest setup for the web project: DOM matchers, the i18n catalogues, a clean DOM and clean storage between tests.
import '@testing-library/jest-dom/vitest';
import '../lib/i18n';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // Sonner keeps its toasts in module state and replays them to the next Toaster.
  toast.dismiss();
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
