import { i18n } from '@lingui/core';
import { cleanup, render, screen, within } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { catalogMessages } from '../../lib/i18n/catalogs';
import HelpPage from './HelpPage';

function renderHelp() {
  return render(<HelpPage />);
}

const details = (question: string) =>
  screen.getByText(question).closest('details') as HTMLDetailsElement;

describe('HelpPage', () => {
  it('starts on General with five tabs', () => {
    renderHelp();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Account',
      'Prayer Times',
      'Features',
      'Technical',
    ]);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps questions open independently and across category switches', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.click(screen.getByText('Is the app free?'));
    await user.click(screen.getByText('Which devices are supported?'));
    expect(details('Is the app free?').open).toBe(true);
    expect(details('Which devices are supported?').open).toBe(true);
    await user.click(screen.getByText('Is the app free?'));
    expect(details('Is the app free?').open).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(details('Which devices are supported?').open).toBe(true);
    expect(details('Is the app free?').open).toBe(false);
  });

  it('filters questions across categories as you type', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.type(screen.getByRole('searchbox'), 'hanafi');
    const results = screen.getByTestId('search-results');
    expect(within(results).getAllByRole('group')).toHaveLength(1);
    expect(results).toHaveTextContent('What is the difference between Hanafi and standard Asr?');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('1 result for “hanafi”')).toBeInTheDocument();
  });

  describe('in Arabic', () => {
    beforeEach(async () => {
      i18n.load('ar', await catalogMessages('help', 'ar'));
      i18n.activate('ar');
    });
    // Unmount first: switching the language back re-renders a mounted page.
    afterEach(() => {
      cleanup();
      i18n.activate('en');
    });

    it('searches the Arabic questions and moves to the next tab with the left arrow', async () => {
      const user = userEvent.setup();
      renderHelp();
      expect(screen.getByRole('tab', { name: 'عام' })).toHaveAttribute('aria-selected', 'true');
      await user.click(screen.getByRole('tab', { name: 'عام' }));
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByRole('tab', { name: 'الحساب' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'عام' })).toHaveAttribute('aria-selected', 'true');

      await user.type(screen.getByRole('searchbox'), 'الحنفي');
      const results = screen.getByTestId('search-results');
      expect(within(results).getAllByRole('group')).toHaveLength(1);
      expect(results).toHaveTextContent('ما الفرق بين العصر عند الحنفية والعصر عند الجمهور؟');
      expect(results).toHaveTextContent('مواقيت الصلاة');
    });
  });
});
