/**
 * The early-tap keeper of startAfterPaint.ts (frontend/README.md#early-taps); the whole flow,
 * with the page's script held back, is e2e/specs/prayer-times.spec.ts ("an early tap…").
 */
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

async function loadKeeper(): Promise<void> {
  vi.resetModules();
  await import('./startAfterPaint');
}

describe('a tap before hydration', () => {
  it('is kept, shown as waiting, and replayed once the page is hydrated, once', async () => {
    document.body.innerHTML = `
      <button type="button" id="locate">Use my location</button>
      <a href="#here" id="link">A link</a>`;
    await loadKeeper();
    const button = document.getElementById('locate') as HTMLButtonElement;
    const clicks: boolean[] = [];
    // What React would do once hydrated: its listener sits on the root, under the document.
    document.body.addEventListener('click', (event) => {
      if (event.target === button) clicks.push(event.isTrusted);
    });

    button.click();
    button.click();
    expect(clicks).toEqual([]);
    expect(button.getAttribute('aria-busy')).toBe('true');

    document.dispatchEvent(new Event('app:hydrated'));
    await vi.waitFor(() => expect(clicks).toHaveLength(1));
    expect(button.hasAttribute('aria-busy')).toBe(false);

    // From then on taps go through untouched.
    button.click();
    expect(clicks).toHaveLength(2);
  });

  it('leaves links alone and keeps the submission of a form without an action', async () => {
    document.body.innerHTML = `
      <a href="#here" id="link">A link</a>
      <form id="script"><input name="email" value="a@example.com"><button>Send</button></form>
      <form id="server" action="/search"><button>Search</button></form>`;
    await loadKeeper();
    const link = document.getElementById('link') as HTMLAnchorElement;
    const scriptForm = document.getElementById('script') as HTMLFormElement;
    const serverForm = document.getElementById('server') as HTMLFormElement;
    const defaults: string[] = [];
    document.body.addEventListener('click', (event) => {
      if (event.target === link) defaults.push(`link ${String(event.defaultPrevented)}`);
    });
    const submitted: string[] = [];
    document.body.addEventListener('submit', (event) => {
      submitted.push((event.target as HTMLFormElement).id);
      event.preventDefault();
    });

    link.click();
    expect(defaults).toEqual(['link false']);
    scriptForm.requestSubmit();
    serverForm.requestSubmit();
    expect(submitted).toEqual(['server']);
    expect(scriptForm.getAttribute('aria-busy')).toBe('true');

    document.dispatchEvent(new Event('app:hydrated'));
    await vi.waitFor(() => expect(submitted).toEqual(['server', 'script']));
  });
});
