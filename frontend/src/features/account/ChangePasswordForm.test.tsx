import { i18n } from '@lingui/core';
import { render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import {
  ChangePasswordForm,
  PASSWORD_CHANGED as PASSWORD_CHANGED_MESSAGE,
  PASSWORD_SET as PASSWORD_SET_MESSAGE,
} from './ChangePasswordForm';

const PASSWORD_CHANGED = i18n._(PASSWORD_CHANGED_MESSAGE);
const PASSWORD_SET = i18n._(PASSWORD_SET_MESSAGE);

const auth = { updateUser: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

beforeEach(() => {
  vi.clearAllMocks();
  auth.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
});

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });

describe('password form', () => {
  it('changes a password with the current one', async () => {
    const onPasswordSet = vi.fn();
    const user = userEvent.setup();
    render(<ChangePasswordForm onPasswordSet={onPasswordSet} />);
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    await user.type(field('Current password'), 'old-secret');
    await user.type(field('New password'), 'secret1');
    await user.type(field('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({
      password: 'secret1',
      current_password: 'old-secret',
    });
    // The profile reloads the devices (the others were signed out) and the activity.
    expect(onPasswordSet).toHaveBeenCalledTimes(1);
  });

  it('sets a first password without a current one (an account made through a provider)', async () => {
    const onPasswordSet = vi.fn();
    const user = userEvent.setup();
    render(<ChangePasswordForm hasPassword={false} onPasswordSet={onPasswordSet} />);
    expect(screen.getByRole('heading', { name: 'Set a Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(field('New password')).toHaveAccessibleDescription(/New password is required/);
    await user.type(field('New password'), 'secret1');
    await user.type(field('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(PASSWORD_SET)).toBeInTheDocument();
    expect(PASSWORD_SET).toBe(
      'Password set. You can now also sign in with your email address and password.',
    );
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'secret1' });
    expect(onPasswordSet).toHaveBeenCalledTimes(1);
  });

  it('shows a current-password refusal above a form that has no such field', async () => {
    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: {
        message: 'Current password required when setting new password.',
        code: 'current_password_required',
      },
    });
    const user = userEvent.setup();
    render(<ChangePasswordForm hasPassword={false} />);
    await user.type(field('New password'), 'secret1');
    await user.type(field('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(
      await screen.findByText('Current password required when setting new password.'),
    ).toBeVisible();
  });
});
