// Vitest setup for the web project: DOM matchers, the i18n catalogues, and between tests a clean DOM, clean storage,
// English, the portal's time at the machine's and real timers. The project runs its files one after another in the
// same worker without isolation (vitest.config.ts), so whatever one test leaves in a module or the page is undone here.
import '@testing-library/jest-dom/vitest';
import { setPortalTimeOffset } from '@portal/contract';
import { changeLanguage, loadEnglishCatalogues } from '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Components are rendered here without the lazily loaded page around them that would fetch their words.
await loadEnglishCatalogues();

// A lazily loaded route's first render waits for its chunk, and a screen its answers: on CI's two loaded cores a
// step that takes a few hundred milliseconds idle has been seen to take more than five seconds.
configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  // Sonner keeps its toasts in module state and replays them to the next Toaster.
  toast.dismiss();
  cleanup();
  // What a component put in the page outside its own tree (a gateway's form, a download's link).
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A server's X-Portal-Time moves the portal's clock for every module that reads it.
  setPortalTimeOffset(0);
  if (document.documentElement.lang !== 'en') await changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
});
