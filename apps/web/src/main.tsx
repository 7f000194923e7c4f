/** Entry point: i18n, styles, providers and the router. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { changeLanguage, storedLanguage } from './lib/i18n';
import { warmFormattersWhenIdle } from './lib/warm-formatters';
import './index.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();

function render() {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole tree (on a slow phone, hundreds of milliseconds in which a tap goes unanswered).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  warmFormattersWhenIdle();
}

// A reader who chose Hindi or Telugu gets it from the first paint; English needs nothing loaded.
const language = storedLanguage();
if (language === 'en') render();
else void changeLanguage(language).finally(render);
