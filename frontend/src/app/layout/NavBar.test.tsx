import { act, fireEvent, render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
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
});
