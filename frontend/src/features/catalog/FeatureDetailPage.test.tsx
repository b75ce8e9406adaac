import { Suspense } from 'react';
import { loadFeaturePage } from '../../content/featurePages';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { render, screen } from '../../test/render';
import FeatureDetailPage from './FeatureDetailPage';

function renderFeature(slug: string) {
  return render(
    <Suspense>
      <FeatureDetailPage slug={slug} />
    </Suspense>,
  );
}

describe('FeatureDetailPage', () => {
  it('shows the page’s hero, benefits, features and questions in English', async () => {
    await loadFeaturePage('prayer-tracking');
    renderFeature('prayer-tracking');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Keep every prayer, one day at a time',
      }),
    ).toBeInTheDocument();
    // The tracker works without an account (issue 25), so the button opens it, not sign-up.
    expect(screen.getByRole('link', { name: 'Try Prayer Tracking Now' })).toHaveAttribute(
      'href',
      '/tracker',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Key Benefits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Sync Across Devices' })).toBeVisible();
    expect(screen.getByText('Can I export my prayer history?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all features' })).toHaveAttribute(
      'href',
      '/features',
    );
  });

  describe('in Turkish', () => {
    beforeEach(async () => {
      await activateLocale('tr');
      await Promise.all([loadCatalog('features', 'tr'), loadCatalog('feature-prayer-times', 'tr')]);
    });
    afterEach(async () => {
      await activateLocale('en');
    });

    it('reads the page’s own catalogue and keeps the language on a full page load', async () => {
      await loadFeaturePage('prayer-times');
      renderFeature('prayer-times');
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Nerede olursanız olun, doğru namaz vakitleri',
        }),
      ).toBeInTheDocument();
      expect(screen.getByText('Namaz Vakitleri')).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Şehrinizin namaz vakitlerini görün' }),
      ).toHaveAttribute('href', '/tr/prayer-times');
      expect(
        screen.getByRole('heading', { level: 2, name: 'Sıkça Sorulan Sorular' }),
      ).toBeVisible();
    });
  });
});
