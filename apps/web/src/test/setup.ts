// Vitest setup for the web project: DOM matchers, the i18n catalogues, a clean DOM and clean storage between tests.
import '@testing-library/jest-dom/vitest';
import { loadEnglishCatalogues } from '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Components are rendered here without the lazily loaded page around them that would fetch their words.
await loadEnglishCatalogues();

// A lazily loaded route's first render waits for its chunk, and a screen its answers: on CI's two loaded cores a
// step that takes a few hundred milliseconds idle has been seen to take more than five seconds.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  // Sonner keeps its toasts in module state and replays them to the next Toaster.
  toast.dismiss();
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
