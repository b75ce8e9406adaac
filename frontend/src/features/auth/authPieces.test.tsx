import userEvent from '@testing-library/user-event';
import { useZodForm } from '../../lib/form';
import { render, screen } from '../../test/render';
import { AuthLinks } from './AuthLinks';
import { EmailRequestForm } from './EmailRequestForm';
import { emailOnlySchema, type EmailOnlyForm } from './schemas';

describe('AuthLinks', () => {
  it('gives each way its one text and place, in the order asked', () => {
    render(<AuthLinks links={['forgotPassword', 'emailLink', 'signUp']} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Forgot Password?', '/auth/forgot-password'],
      ['Email me a sign-in link', '/login/email-link'],
      ["Don't have an account? Sign up", '/signup'],
    ]);
  });
});

function Request({ onSend }: { onSend: (email: string) => Promise<void> }) {
  const { field, handleSubmit, formState } = useZodForm<EmailOnlyForm>(emailOnlySchema, {
    email: '',
  });
  return (
    <>
      <h1 id="title">Reset Password</h1>
      <EmailRequestForm
        labelledBy="title"
        onSubmit={handleSubmit(({ email }) => onSend(email))}
        error={formState.errors.email?.message}
        input={field('email')}
        busy={formState.isSubmitting}
        submitLabel="Send Reset Link"
      />
    </>
  );
}

describe('EmailRequestForm', () => {
  it('is named by the heading, says what is wrong on the field, and focuses it', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    render(<Request onSend={onSend} />);
    expect(screen.getByRole('form', { name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(await screen.findByText('Email is required')).toHaveAttribute('role', 'alert');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the address and says it is sending meanwhile', async () => {
    let finish = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Request onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(onSend).toHaveBeenCalledWith('amina@example.com');
    finish();
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});
