import { defineConfig, devices } from '@playwright/test';
import { accountSite, analyticsSite, shortTokenSite, site } from './support/servers';
import { webServerFor } from './support/server';

const chromium = {
  // Playwright's browser download is unreachable here: drive the system Chromium.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
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
  webServer: [site, analyticsSite, accountSite, shortTokenSite].map(webServerFor),
});
