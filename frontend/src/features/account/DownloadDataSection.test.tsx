import { i18n } from '@lingui/core';
import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_NEEDS_SECOND_FACTOR, DownloadDataSection } from './DownloadDataSection';
import { sentRequest } from '../../test/sentRequest';

const auth = { getSession: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const fetchMock = vi.fn<typeof fetch>();
const createObjectURL = vi.fn(() => 'blob:data-file');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-1' } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('download my data', () => {
  it('says what the file holds, fetches it with the token and saves it under its name', async () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    fetchMock.mockResolvedValue(
      new Response('{"format":"noor-account-export/1"}', {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="noor-data-2026-03-12.json"',
        },
      }),
    );
    render(<DownloadDataSection />);
    expect(screen.getByText(/A JSON file with everything we hold/)).toHaveTextContent(
      'account activity',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    // The status is there from the start, empty: wait for what it says.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your data file noor-data-2026-03-12.json was downloaded.',
      ),
    );
    const sent = await sentRequest(fetchMock);
    expect(sent.path).toBe('/api/account/export');
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(clicked).toEqual([{ href: 'blob:data-file', download: 'noor-data-2026-03-12.json' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  it('says to sign in again with the authenticator code, or shows the server’s reason', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    fetchMock.mockResolvedValueOnce(
      json(403, { code: 'insufficient_aal', message: 'AAL2 session is required…' }),
    );
    fetchMock.mockResolvedValueOnce(json(500, {}));
    render(<DownloadDataSection />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(i18n._(DOWNLOAD_NEEDS_SECOND_FACTOR))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Your data could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
