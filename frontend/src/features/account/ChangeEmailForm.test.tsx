import { i18n } from '@lingui/core';
import type { User } from '@supabase/supabase-js';
import { render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { ChangeEmailForm, EMAIL_CHANGE_TEXTS, LinksSentMessage } from './ChangeEmailForm';

const TEXTS = {
  taken: i18n._(EMAIL_CHANGE_TEXTS.taken),
  needsSecondFactor: i18n._(EMAIL_CHANGE_TEXTS.needsSecondFactor),
  failed: i18n._(EMAIL_CHANGE_TEXTS.failed),
};

const auth = { updateUser: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const account: User = {
  id: 'user-1',
  email: 'amina@example.com',
  email_confirmed_at: '2026-01-01T00:00:00Z',
  app_metadata: {},
  user_metadata: {},
  aud: 'authenticated',
  created_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  auth.updateUser.mockResolvedValue({
    data: { user: { ...account, new_email: 'new@example.com' } },
    error: null,
  });
});

const SENT =
  'Check both inboxes: we sent a link to amina@example.com and to new@example.com. Your address changes when both are opened.';

function setup(props: Partial<Parameters<typeof ChangeEmailForm>[0]> = {}) {
  const onRequested = vi.fn();
  const user = userEvent.setup();
  render(<ChangeEmailForm user={account} onRequested={onRequested} {...props} />);
  const toggle = screen.getByRole('button', { name: 'Change email address' });
  const input = () => screen.getByLabelText('New email address', { selector: 'input' });
  const send = () => screen.getByRole('button', { name: 'Send confirmation links' });
  return { user, onRequested, toggle, input, send };
}

const failing = (error: Record<string, unknown>) =>
  auth.updateUser.mockResolvedValue({ data: { user: null }, error });

describe('change email form (docs/behaviour.md#accounts-email-change)', () => {
  it('is closed at first; the button opens it and puts the cursor in the field', async () => {
    const { user, toggle, input } = setup();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Change email address' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Change email address' })).toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(input()).toHaveAccessibleDescription(
      'We will email a link to your current address and one to the new address.',
    );
  });

  it('checks the address before sending: required, valid, not the current one', async () => {
    const { user, toggle, input, send } = setup();
    await user.click(toggle);
    await user.click(send());
    expect(input()).toHaveAccessibleDescription(/Email is required/);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveFocus();
    await user.type(input(), 'not-an-address');
    // Editing clears the error; the next submit checks again.
    expect(input()).not.toHaveAttribute('aria-invalid');
    await user.click(send());
    expect(input()).toHaveAccessibleDescription(/Email is invalid/);
    await user.clear(input());
    await user.type(input(), ' Amina@Example.com ');
    await user.click(send());
    expect(input()).toHaveAccessibleDescription(/That is already your email address\./);
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('sends the request, says where the links went, closes and reloads the account', async () => {
    const { user, toggle, input, send, onRequested } = setup();
    await user.click(toggle);
    await user.type(input(), ' new@example.com ');
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(auth.updateUser).toHaveBeenCalledWith(
      { email: 'new@example.com' },
      { emailRedirectTo: `${window.location.origin}/auth/callback` },
    );
    expect(onRequested).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('form', { name: 'Change email address' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('names only the new address when the current one was never confirmed', () => {
    const { container, rerender } = render(<LinksSentMessage current="" next="new@example.com" />);
    expect(container).toHaveTextContent(
      'Check your inbox: we sent a link to new@example.com. Your address changes when it is opened.',
    );
    // The addresses are isolated from the sentence's direction.
    expect(container.querySelector('bdi')).toHaveTextContent('new@example.com');
    rerender(<LinksSentMessage current="amina@example.com" next="new@example.com" />);
    expect(container).toHaveTextContent(SENT);
  });

  it('shows the pending change while the account has a new_email', () => {
    setup({ user: { ...account, new_email: 'new@example.com' } });
    expect(screen.getByText(/^Waiting for confirmation:/)).toHaveTextContent(
      'Waiting for confirmation: new@example.com',
    );
  });

  it('shows the message it arrived with (from /auth/callback) in its status line', () => {
    setup({ notice: 'Your email address is now new@example.com.' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your email address is now new@example.com.',
    );
  });

  it('a taken or unreadable address is an error under the field', async () => {
    failing({
      message: 'A user with this email address has already been registered',
      code: 'email_exists',
      status: 422,
    });
    const { user, toggle, input, send, onRequested } = setup();
    await user.click(toggle);
    await user.type(input(), 'taken@example.com');
    await user.click(send());
    expect(await screen.findByText(TEXTS.taken)).toBeVisible();
    expect(input()).toHaveAccessibleDescription(new RegExp(TEXTS.taken));
    expect(input()).toHaveFocus();
    // Nothing says whose it is.
    expect(screen.queryByText(/registered/)).not.toBeInTheDocument();
    expect(onRequested).not.toHaveBeenCalled();

    failing({
      message: 'Unable to validate email address: invalid format',
      code: 'validation_failed',
      status: 400,
    });
    await user.clear(input());
    await user.type(input(), 'odd@address.x');
    await user.click(send());
    expect(await screen.findByText('Email is invalid')).toBeVisible();
  });

  it('two-factor not passed, a rate limit and other failures show above the field', async () => {
    failing({
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
      code: 'insufficient_aal',
      status: 401,
    });
    const { user, toggle, input, send } = setup();
    await user.click(toggle);
    await user.type(input(), 'new@example.com');
    await user.click(send());
    expect(await screen.findByText(TEXTS.needsSecondFactor)).toBeVisible();
    expect(screen.getByText(TEXTS.needsSecondFactor).closest('[role]')).toHaveAttribute(
      'role',
      'alert',
    );

    failing({
      message: 'Too many requests. Please try again in 42 seconds.',
      code: 'over_email_send_rate_limit',
      status: 429,
    });
    await user.click(send());
    expect(
      await screen.findByText('Too many requests. Please try again in 42 seconds.'),
    ).toBeVisible();

    auth.updateUser.mockRejectedValue(new Error('offline'));
    await user.click(send());
    expect(await screen.findByText(TEXTS.failed)).toBeVisible();
  });

  it('Cancel closes the form, forgets what was typed and returns to the button', async () => {
    const { user, toggle, input } = setup();
    await user.click(toggle);
    await user.type(input(), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Change email address' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(input()).toHaveValue('');
    expect(auth.updateUser).not.toHaveBeenCalled();
  });
});
