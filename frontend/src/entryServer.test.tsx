import { render as renderClient } from 'preact';
import { act } from 'preact/test-utils';
import { Router } from 'wouter';
import { App } from './app/App';
import { PLACEHOLDER_CONFIG } from './lib/config';
import { render } from './entryServer';

/** Every id and every attribute that points at one, in document order. */
function idLinks(html: string): string[] {
  return [
    ...html.matchAll(/\b(id|for|aria-describedby|aria-controls|aria-labelledby)="([^"]*)"/g),
  ].map((match) => `${match[1]}=${match[2]}`);
}

// Hydration keeps the prerendered attributes as they are (Preact does not compare them,
// frontend/README.md#renderer): the ids useId gives on the client must be the prerender's, or a
// field's later error would point at an id no element has.
describe('prerender and client agree on ids', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  // The pages whose forms and disclosures take their ids from useId.
  for (const path of ['/join', '/contact', '/help', '/prayer-times', '/account/delete']) {
    it(path, async () => {
      const { html } = await render(path, 'en');
      window.history.replaceState(null, '', path);
      const client = document.createElement('div');
      act(() => {
        renderClient(
          <Router>
            <App config={PLACEHOLDER_CONFIG} />
          </Router>,
          client,
        );
      });
      const prerendered = idLinks(html);
      // Preact's useId ids: P0-1…
      expect(prerendered.some((link) => /=P\d/.test(link))).toBe(true);
      // The client may add parts after the page (the cookie banner once hydrated).
      expect(idLinks(client.innerHTML).slice(0, prerendered.length)).toEqual(prerendered);
      renderClient(null, client);
    });
  }
});
