import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { findRoute } from './app/routes';
import { initAnalytics } from './lib/analytics';
import { readRuntimeConfig } from './lib/config';
import './styles/global.css';

async function start(): Promise<void> {
  const config = readRuntimeConfig();
  initAnalytics(config.gaMeasurementId);
  // Load the current page's chunk first so hydration renders exactly the prerendered HTML.
  await findRoute(window.location.pathname)?.preload();
  const container = document.getElementById('root');
  if (!container) return;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App config={config} />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        console.error('hydration-mismatch', error);
      },
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
