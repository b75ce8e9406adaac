import { defineConfig, devices } from '@playwright/test';
import {
  accountSite,
  analyticsSite,
  appleProvider,
  googleProvider,
  launchedSite,
  providerSite,
  shortTokenSite,
  site,
} from './support/servers';
import { webServerFor, webServerForProvider } from './support/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../testing/chromium.js';

const chromium = { executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: site.url,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'off',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.phone\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'phone',
      testIgnore: /\.desktop\.spec\.ts$/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: [
    ...[site, analyticsSite, launchedSite, accountSite, shortTokenSite, providerSite].map(
      webServerFor,
    ),
    ...[googleProvider, appleProvider].map(webServerForProvider),
  ],
});
