/** Entry point: i18n, styles, providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { changeLanguage, storedLanguage } from './lib/i18n';
import './index.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// A reader who chose Hindi or Telugu gets it from the first paint; English needs nothing loaded.
const language = storedLanguage();
if (language === 'en') render();
else void changeLanguage(language).finally(render);
