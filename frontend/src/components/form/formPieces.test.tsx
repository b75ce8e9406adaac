import { render, screen } from '../../test/render';
import { EmailField, NameField } from './PersonFields';
import { CheckEmail } from './CheckEmail';
import { FormAlert } from './FormAlert';

describe('EmailField', () => {
  it('is an email input, left to right, with the saved address and its error tied to it', () => {
    render(<EmailField label="Email" error="Email is invalid" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is invalid');
  });

  it('takes another autocomplete (the user name beside a new password)', () => {
    render(<EmailField label="Email" autoComplete="username" value="a@b.co" readOnly />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('autocomplete', 'username');
    expect(input).toHaveAttribute('readonly');
  });
});

describe('NameField', () => {
  it('follows the direction of what is typed, with the saved name', () => {
    render(<NameField label="Your name" />);
    const input = screen.getByRole('textbox', { name: 'Your name' });
    expect(input).toHaveAttribute('dir', 'auto');
    expect(input).toHaveAttribute('autocomplete', 'name');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('FormAlert', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormAlert>{null}</FormAlert>);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the message as an alert', () => {
    render(<FormAlert>Could not send the email.</FormAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not send the email.');
  });
});

describe('CheckEmail', () => {
  it('says to check the email, what was sent, and where else to look', () => {
    render(<CheckEmail role="status" sent="We have sent a link to a@b.co." />);
    const view = screen.getByRole('status');
    expect(view).toContainElement(
      screen.getByRole('heading', { level: 2, name: 'Check your email' }),
    );
    expect(view).toHaveTextContent('We have sent a link to a@b.co.');
    expect(view).toHaveTextContent("Can't find it? Please check your spam or junk folder too.");
  });

  it('takes its own heading, hint and what follows, with no role of its own', () => {
    render(
      <CheckEmail title="Check your inbox" titleId="t" hint="Or send it again." sent="Sent.">
        <button type="button">Resend</button>
      </CheckEmail>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toHaveAttribute('id', 't');
    expect(screen.getByText('Or send it again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });
});
