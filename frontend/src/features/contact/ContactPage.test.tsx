import { render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import ContactPage from './ContactPage';

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('contact form', () => {
  it('checks on submit, then each message follows its field as it is edited', async () => {
    const user = userEvent.setup();
    render(<ContactPage />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(field('Your name')).toHaveAccessibleDescription('Name is required');
    expect(field('Email address')).toHaveAccessibleDescription('Email is required');
    expect(field('Message')).toHaveAccessibleDescription('Message is required');
    expect(field('Your name')).toHaveFocus();

    await user.type(field('Email address'), 'not-an-email');
    expect(field('Email address')).toHaveAccessibleDescription('Email is invalid');
    await user.clear(field('Email address'));
    await user.type(field('Email address'), 'amina@example.com');
    expect(field('Email address')).toHaveAccessibleDescription('');
    expect(field('Email address')).not.toHaveAttribute('aria-invalid');
    expect(field('Your name')).toHaveAccessibleDescription('Name is required');
  });
});
