import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import DeleteRequestPage from './DeleteRequestPage';
import { sentRequest } from '../../test/sentRequest';

const fetchMock = vi.fn<typeof fetch>();
const ANSWER =
  'If an account uses this address, we have emailed it a link to delete it. Check your inbox: the link works once, for one hour.';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderPage() {
  render(<DeleteRequestPage />);
  return userEvent.setup();
}

describe('/account/delete', () => {
  it('names the app, says what is deleted and what is kept', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Delete your noor account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/noor is a prayer companion app/)).toBeInTheDocument();
    const what = screen.getByRole('complementary', { name: 'What is deleted' });
    expect(what).toHaveTextContent('Your profile: email address, name and password');
    expect(what).toHaveTextContent('Nothing personal is kept.');
    expect(what).toHaveTextContent('cancel them in the store');
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  });

  it('checks the address before sending', async () => {
    const user = renderPage();
    const email = screen.getByLabelText('Email address');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();
    await user.type(email, 'amina@example');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(email).toHaveAccessibleDescription('Email is invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers “check your email” with the server’s text, whatever the address', async () => {
    fetchMock.mockResolvedValue(json(202, { message: ANSWER }));
    const user = renderPage();
    await user.type(screen.getByLabelText('Email address'), ' Amina@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ANSWER);
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect((await sentRequest(fetchMock)).body).toEqual({
      email: 'Amina@Example.com',
    });
  });

  it('shows a refused address under the field, and other failures above the form', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { code: 'validation_failed', message: 'Enter a valid email address' }),
    );
    fetchMock.mockResolvedValueOnce(
      json(429, {
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please try again in 60 seconds.',
      }),
    );
    const user = renderPage();
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'amina@example.c-');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));

    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 60 seconds.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me the link' })).toBeEnabled();
  });
});
