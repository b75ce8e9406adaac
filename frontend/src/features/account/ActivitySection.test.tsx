import { render, screen, within } from '../../test/render';
import { sentRequest } from '../../test/sentRequest';
import type { ActivityEntry } from './activity';
import { ActivitySection } from './ActivitySection';

const auth = {
  getSession: vi.fn(() => Promise.resolve({ data: { session: { access_token: 'token' } } })),
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

function answer(response: Response | Promise<Response>) {
  const fetchMock = vi.fn(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

const entries: ActivityEntry[] = [
  {
    action: 'signed_in',
    details: { method: 'oauth', provider: 'google' },
    device: { browser: 'Chrome', os: 'Android' },
    ip: '2001:db8:1::/48',
    created_at: '2026-03-12T14:05:00Z',
  },
  {
    action: 'factor_enabled',
    details: { factor_type: 'totp', turned_on: true },
    device: null,
    ip: '203.0.x.x',
    created_at: '2026-03-11T09:30:00Z',
  },
];

describe('ActivitySection', () => {
  it('says it is loading, then lists the entries newest first', async () => {
    const fetchMock = answer(json({ entries }));
    render(<ActivitySection />);
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your recent activity…');

    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Signed in with Google');
    expect(items[0]).toHaveTextContent('Chrome on Android · 2001:db8:1::/48');
    // The names and the network keep their own direction inside a right-to-left sentence.
    const isolated = [...(items[0]?.querySelectorAll('bdi') ?? [])].map((bdi) => bdi.textContent);
    expect(isolated).toEqual(['Google', 'Chrome on Android', '2001:db8:1::/48']);
    expect(items[1]).toHaveTextContent('Two-factor authentication turned on');
    expect(items[1]).toHaveTextContent('Unknown device · 203.0.x.x');
    // The time is machine-readable, and shown as the devices list shows times.
    const time = items[0]?.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-03-12T14:05:00Z');
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat('en-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-03-12T14:05:00Z'),
      ),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect((await sentRequest(fetchMock)).path).toBe('/api/account/activity');
  });

  it('says when there is nothing yet', async () => {
    answer(json({ entries: [] }));
    render(<ActivitySection />);
    expect(await screen.findByText('No recent activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the activity could not be loaded', async () => {
    answer(json({ code: 'insufficient_aal' }, 403));
    render(<ActivitySection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your recent activity could not be loaded. Please reload the page.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
