// The system Chromium every browser-driving tool here uses (Playwright's own browser
// download is unreachable), and the flags that keep it quiet and offline-friendly.

/** Path to the Chromium binary (override with CHROMIUM_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless, sandbox-less, network-quiet Chromium (add `--headless` yourself). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
