import { act, fireEvent, render, screen, within } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { resetStoredAccount, sessionStorageKey } from '../../lib/storedSession';
import { NavBar } from './NavBar';

function renderNav() {
  return render(<NavBar />);
}

describe('NavBar', () => {
  it('turns opaque past 50 px of scroll and back', () => {
    renderNav();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 51;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      window.scrollY = 50;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('links the logo home and Join Now to /join', () => {
    renderNav();
    expect(screen.getByRole('link', { name: /noor home/ })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('link', { name: 'Join Now' })[0]).toHaveAttribute('href', '/join');
  });

  it('links the prayer tracker from the bar and from the side panel', async () => {
    const user = userEvent.setup();
    renderNav();
    expect(screen.getByRole('link', { name: 'Prayer tracker' })).toHaveAttribute(
      'href',
      '/tracker',
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Prayer tracker' })).toHaveAttribute(
      'href',
      '/tracker',
    );
  });

  it('opens the side panel and closes it with the button, the backdrop and Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const open = screen.getByRole('button', { name: 'Open menu' });

    await user.click(open);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps focus inside the open panel', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 8; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  describe('the account', () => {
    beforeEach(() => resetStoredAccount());

    it('offers Sign in, in the bar and in the panel, when no session is stored', async () => {
      const user = userEvent.setup();
      renderNav();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const dialog = screen.getByRole('dialog', { name: 'Menu' });
      expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/login',
      );
    });

    it('shows the initial of a stored session, opening a menu with the profile', async () => {
      localStorage.setItem(
        sessionStorageKey(window.location.hostname),
        JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { email: 'amina@x.org' } }),
      );
      const user = userEvent.setup();
      renderNav();
      // The signed-in menu is a chunk loaded for a stored session (AccountNav.tsx).
      const button = await screen.findByRole('button', { name: 'Your account' });
      expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
      expect(button).toHaveTextContent('A');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('amina@x.org')).toBeVisible();
      expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
      expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();

      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
      expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
    });
  });
});
