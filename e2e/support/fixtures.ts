import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a console watch: any console error or uncaught exception on the page fails the
 * test. That catches hydration mismatches (the client logs them as "hydration-mismatch"),
 * Content-Security-Policy violations and runtime errors. The browser's own line for a 404
 * document ("Failed to load resource … 404") is expected on the not-found page only.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  /** Console errors a test expects (e.g. the browser's line for a deliberate 429). */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/Failed to load resource: the server responded with a status of 404/.test(text)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the app (Preact) has hydrated the page and run its first effects (listeners live, head tags
 * and the first page view applied): App marks `<html data-hydrated>` in its own effect.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Stores a consent choice before any page script runs, so the banner stays away. */
export async function presetConsent(page: Page, value: 'accepted' | 'rejected'): Promise<void> {
  await page.addInitScript((choice) => localStorage.setItem('cookieConsent', choice), value);
}

/**
 * Waits until the work the page queued before this call has run: a message through a new
 * MessageChannel, delivered after the messages posted before it (and not faked by
 * `page.clock`). Preact renders a state change in a microtask, and runs the render's effects
 * from a message of their own (src/main.tsx): a render that a timer or an event asked for before
 * this call has been committed, and its effects run, by the time it returns.
 * The positive signal a "nothing appeared" check waits for after moving the clock past a
 * delay.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Waits until the parts the layout loads after hydration (the cookie banner, the toasts and the
 * language suggestion: one Suspense boundary in app/layout/Layout.tsx) are on the page and the
 * cookie banner has looked for a stored choice: it marks `<html data-consent-banner="ready">`
 * from its first effect. The positive signal before checking that one of them did not appear.
 */
export async function afterHydration(page: Page): Promise<void> {
  await page.locator('html[data-consent-banner="ready"]').waitFor({ state: 'attached' });
}
