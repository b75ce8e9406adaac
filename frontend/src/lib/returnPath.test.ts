import { returnPathIn, routerPath, safeReturnPath, withReturnPath } from './returnPath';

describe('safeReturnPath (docs/behaviour.md#accounts-return-path)', () => {
  it.each([
    ['/tracker', '/tracker'],
    ['/ar/tracker', '/ar/tracker'],
    ['/ur/', '/ur/'],
    ['/', '/'],
    ['/tracker?day=2026-11-27#history', '/tracker?day=2026-11-27#history'],
    // Dot segments are resolved, on this site.
    ['/ar/../tracker', '/tracker'],
    // An encoded slash is part of a path segment, not a new host.
    ['/%2F/evil.example', '/%2F/evil.example'],
  ])('accepts the path %j as %j', (value, accepted) => {
    expect(safeReturnPath(value)).toBe(accepted);
  });

  it.each([
    // Another site.
    '//evil.example',
    '//evil.example/tracker',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/tracker\\..\\..\\evil',
    'https://evil.example/tracker',
    'http:/evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Not a path.
    'tracker',
    'evil.example',
    '',
    ' /tracker',
    // Encoded: never decoded again here, so these are not paths.
    '%2F%2Fevil.example',
    '%2Ftracker',
    '%5C%5Cevil.example',
    // Control characters, which browsers drop inside a URL (then '//evil.example').
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/tracker\u0000',
    '/tracker\u007f',
    '/tracker\u0085',
    // Dot segments that resolve to another site's address.
    '/.//evil.example',
    '/a/../..//evil.example',
    // Longer than any of the site's paths.
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses nothing at all', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('returnPathIn', () => {
  it('reads `next` once decoded, as the address carries it', () => {
    expect(returnPathIn('?next=%2Far%2Ftracker')).toBe('/ar/tracker');
    expect(returnPathIn('next=/tracker&type=signup')).toBe('/tracker');
  });

  it('refuses an encoded way to another site, and no `next`', () => {
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?next=%2F%5Cevil.example')).toBeNull();
    expect(returnPathIn('?next=%252F%252Fevil.example')).toBeNull();
    expect(returnPathIn('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?next=javascript%3Aalert(1)')).toBeNull();
    expect(returnPathIn('?next=%2F%09%2Fevil.example')).toBeNull();
    expect(returnPathIn('?type=signup')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});

describe('withReturnPath', () => {
  it('adds `next`, encoded, to a path with or without a query', () => {
    expect(withReturnPath('/login', '/ar/tracker')).toBe('/login?next=%2Far%2Ftracker');
    expect(withReturnPath('/auth/callback?link=google', '/tracker')).toBe(
      '/auth/callback?link=google&next=%2Ftracker',
    );
  });

  it('leaves the path as it is without one', () => {
    expect(withReturnPath('/login', null)).toBe('/login');
    expect(withReturnPath('/auth/callback', undefined)).toBe('/auth/callback');
  });

  it('round-trips through returnPathIn', () => {
    const to = withReturnPath('/login', '/tracker?day=2026-11-27#history');
    expect(returnPathIn(to.slice(to.indexOf('?')))).toBe('/tracker?day=2026-11-27#history');
  });
});

describe('routerPath', () => {
  it("is the router's path when the return path is in the page's language", () => {
    expect(routerPath('/tracker', 'en')).toBe('/tracker');
    expect(routerPath('/ar/tracker', 'ar')).toBe('/tracker');
    expect(routerPath('/ar/', 'ar')).toBe('/');
    expect(routerPath('/ar', 'ar')).toBe('/');
    expect(routerPath('/fr/tracker?day=1#history', 'fr')).toBe('/tracker?day=1#history');
  });

  it('is null (a full page load) for another language', () => {
    expect(routerPath('/ar/tracker', 'en')).toBeNull();
    expect(routerPath('/tracker', 'ar')).toBeNull();
    expect(routerPath('/ur/tracker', 'ar')).toBeNull();
  });
});
