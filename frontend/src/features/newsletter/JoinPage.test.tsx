import type { SupabaseClient } from '@supabase/supabase-js';
import { act, render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { getSupabase } from '../../lib/supabase';
import JoinPage from './JoinPage';
import { COOLDOWN_KEY } from './join';

vi.mock('../../lib/supabase', () => ({ getSupabase: vi.fn() }));

type Answer = { error: null | Record<string, string>; status: number };

function serverAnswers(...answers: Answer[]) {
  const insert = vi.fn(
    async (_row: { source: string }) => answers.shift() ?? { error: null, status: 201 },
  );
  const client = { from: vi.fn(() => ({ insert })) } as unknown as SupabaseClient;
  vi.mocked(getSupabase).mockResolvedValue(client);
  return insert;
}

function renderJoin() {
  const user = userEvent.setup();
  const view = render(<JoinPage />);
  return { user, ...view };
}

const nameField = () => screen.getByLabelText('Name');
const emailField = () => screen.getByLabelText('Email address');
const newsletterBox = () => screen.getByRole('checkbox', { name: /weekly newsletter/ });
const waitlistBox = () => screen.getByRole('checkbox', { name: /app waitlist/ });
const submit = () => screen.getByRole('button', { name: /Join Now|Please wait|Joining/ });

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(getSupabase).mockReset();
});

describe('JoinPage validation (docs/behaviour.md#join-form)', () => {
  it('shows each message on its field, announced, and focuses the first', async () => {
    const { user } = renderJoin();
    expect(newsletterBox()).toBeChecked();
    expect(waitlistBox()).not.toBeChecked();
    await user.click(newsletterBox());
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toHaveAttribute('role', 'alert');
    expect(nameField()).toHaveAccessibleDescription('Name is required');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Email is required');
    expect(screen.getByText('Please select at least one option')).toHaveAttribute('role', 'alert');
    expect(
      screen.getByRole('group', { name: 'What would you like to receive?' }),
    ).toHaveAccessibleDescription('Please select at least one option');
    expect(nameField()).toHaveFocus();
    expect(getSupabase).not.toHaveBeenCalled();
  });

  it('says an email is invalid and focuses the first field in error', async () => {
    const { user } = renderJoin();
    await user.type(nameField(), 'Amina');
    await user.type(emailField(), 'amina@example');
    await user.click(submit());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(emailField()).toHaveFocus();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('moves focus to the checkboxes when only the interests are missing', async () => {
    const { user } = renderJoin();
    await user.type(nameField(), 'Amina');
    await user.type(emailField(), 'amina@example.com');
    await user.click(newsletterBox());
    await user.click(submit());
    expect(await screen.findByText('Please select at least one option')).toBeInTheDocument();
    expect(newsletterBox()).toHaveFocus();
    await user.click(waitlistBox());
    expect(screen.queryByText('Please select at least one option')).not.toBeInTheDocument();
  });

  it('clears a field error as soon as that field is edited', async () => {
    const { user } = renderJoin();
    await user.click(submit());
    await screen.findByText('Name is required');
    await user.type(nameField(), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    // Only the edited field: the email error stays until the email is edited.
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(emailField(), 'x');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });
});

describe('JoinPage submitting', () => {
  async function fillValid(user: ReturnType<typeof userEvent.setup>) {
    await user.type(nameField(), 'Amina');
    await user.type(emailField(), 'amina@example.com');
  }

  it('a filled honeypot shows the success view and sends nothing', async () => {
    const insert = serverAnswers();
    const { user, container } = renderJoin();
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(honeypot as HTMLInputElement, 'https://spam.example');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Welcome to noor!' })).toBeInTheDocument();
    expect(getSupabase).not.toHaveBeenCalled();
    expect(insert).not.toHaveBeenCalled();
    expect(localStorage.getItem(COOLDOWN_KEY)).toBeNull();
  });

  it('joins, shows the welcome view with a way home, and starts the wait', async () => {
    const insert = serverAnswers({ error: null, status: 201 });
    const { user } = renderJoin();
    await fillValid(user);
    const before = Date.now();
    await user.click(submit());
    const heading = await screen.findByRole('heading', { name: 'Welcome to noor!' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/check your inbox/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(insert).toHaveBeenCalledTimes(1);
    // The page's language goes with the row: the confirmation email is written in it.
    expect(insert).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }));
    const until = Number(localStorage.getItem(COOLDOWN_KEY));
    expect(until).toBeGreaterThanOrEqual(before + 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('shows the duplicate message and keeps the form', async () => {
    serverAnswers({ error: { code: '23505', message: 'duplicate key' }, status: 409 });
    const { user } = renderJoin();
    await fillValid(user);
    await user.click(submit());
    expect(
      await screen.findByText('You are already subscribed with this email address'),
    ).toHaveAttribute('role', 'alert');
    expect(nameField()).toHaveValue('Amina');
  });

  it('shows the generic failure when the client cannot load', async () => {
    vi.mocked(getSupabase).mockRejectedValue(new Error('chunk load failed'));
    const { user } = renderJoin();
    await fillValid(user);
    await user.click(submit());
    expect(
      await screen.findByText('There was an error processing your request. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('JoinPage wait (docs/behaviour.md#join-form)', () => {
  const start = Date.UTC(2025, 2, 1, 10, 0, 0);

  beforeEach(() => {
    // Date and the countdown's once-a-second interval are faked: the clock stands still unless
    // a test moves it, and moving it runs the ticks that fall due on the way. setTimeout stays
    // real: user-event and findBy* wait with it.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(start);
  });

  it('counts down on the button from a stored time, and refuses to submit until it ends', async () => {
    const insert = serverAnswers();
    localStorage.setItem(COOLDOWN_KEY, String(start + 42_000));
    const { user } = renderJoin();
    expect(submit()).toHaveTextContent('Please wait 42s');
    await user.type(nameField(), 'Amina');
    await user.type(emailField(), 'amina@example.com');
    await user.click(submit());
    expect(
      await screen.findByText('Please wait 42 seconds before submitting again.'),
    ).toHaveAttribute('role', 'alert');
    expect(insert).not.toHaveBeenCalled();

    // Each second's tick counts down on the button (and only the ticks run: no real waiting).
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(submit()).toHaveTextContent('Please wait 2s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(submit()).toHaveTextContent('Please wait 1s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(submit()).toHaveTextContent('Join Now');
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Welcome to noor!' });
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("uses the server's seconds after a 429, on the button and in the message", async () => {
    serverAnswers({
      error: {
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please try again in 42 seconds.',
        details: 'Retry after 42 seconds',
      },
      status: 429,
    });
    const { user } = renderJoin();
    await user.type(nameField(), 'Amina');
    await user.type(emailField(), 'amina@example.com');
    await user.click(submit());
    expect(
      await screen.findByText('Too many requests. Please wait 42 seconds before submitting again.'),
    ).toBeInTheDocument();
    expect(submit()).toHaveTextContent('Please wait 42s');
    expect(localStorage.getItem(COOLDOWN_KEY)).toBe(String(start + 42_000));
  });
});
