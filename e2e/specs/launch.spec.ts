/**
 * One story about the app (docs/behaviour.md#pages-launch): before the launch (`site`, no store
 * URLs) every store button, help answer and feature page says the app is coming and leads to
 * the waitlist; after it (`launchedSite`) they say "Download" and link to the listings. The
 * social links are the configured profiles only. In English and in Arabic (right to left).
 */
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { LAUNCH_URLS, launchedSite, site } from '../support/servers';

const languages = [
  {
    code: 'en',
    prefix: '',
    dir: 'ltr',
    // Chromium puts a space before the screen-reader-only part (an absolutely placed span).
    comingPlay: /^Coming soon to Google Play ?: join the waitlist$/,
    comingApple: /^Coming soon to the App Store ?: join the waitlist$/,
    downloadPlay: 'Download on Google Play',
    downloadApple: 'Download on the App Store',
    waitlist: 'Join the Waitlist',
    socialMedia: 'Social media',
    followUs: 'Follow us',
    followOn: (network: string) => `Follow us on ${network}`,
    helpComing: 'The app is coming soon to iOS and Android.',
    helpLaunched:
      'Download it for iPhone and iPad from the App Store, or for Android from Google Play.',
    devicesComing: 'When it launches, the app will run on',
    joinHeading: 'Join noor',
  },
  {
    code: 'ar',
    prefix: '/ar',
    dir: 'rtl',
    comingPlay: /^قريبًا على Google Play ?: انضم إلى قائمة الانتظار$/,
    comingApple: /^قريبًا على App Store ?: انضم إلى قائمة الانتظار$/,
    downloadPlay: 'نزّله من Google Play',
    downloadApple: 'نزّله من App Store',
    waitlist: 'انضم إلى قائمة الانتظار',
    socialMedia: 'وسائل التواصل الاجتماعي',
    followUs: 'تابعنا',
    followOn: (network: string) => `تابعنا على ${network}`,
    helpComing: 'التطبيق قادم قريبًا إلى iOS وAndroid.',
    helpLaunched: 'نزّله لأجهزة iPhone وiPad من App Store، أو لأجهزة Android من Google Play.',
    devicesComing: 'عند إطلاقه، سيعمل التطبيق',
    joinHeading: /noor/,
  },
] as const;

type Language = (typeof languages)[number];

const SOCIAL = [
  ['Instagram', LAUNCH_URLS.SOCIAL_INSTAGRAM_URL],
  ['Twitter', LAUNCH_URLS.SOCIAL_TWITTER_URL],
  ['Facebook', LAUNCH_URLS.SOCIAL_FACEBOOK_URL],
  ['GitHub', LAUNCH_URLS.SOCIAL_GITHUB_URL],
  ['LinkedIn', LAUNCH_URLS.SOCIAL_LINKEDIN_URL],
] as const;

async function open(page: Page, lang: Language, path: string): Promise<void> {
  await page.goto(path === '/' ? `${lang.prefix}/` : `${lang.prefix}${path}`);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
}

/** A help question opened, by its id (docs/behaviour.md#pages-help). */
async function question(page: Page, id: string): Promise<Locator> {
  const item = page.locator(`details[data-faq-id="${id}"]`);
  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  return item;
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

for (const lang of languages) {
  test.describe(`before the launch (no store URLs), ${lang.code}`, () => {
    test.use({ baseURL: site.url });

    test('footer and home: the store buttons say "coming" and lead to the waitlist, no social links', async ({
      page,
    }) => {
      await open(page, lang, '/');
      const footer = page.getByRole('contentinfo');
      for (const name of [lang.comingPlay, lang.comingApple]) {
        await expect(footer.getByRole('link', { name })).toHaveAttribute(
          'href',
          `${lang.prefix}/join`,
        );
      }
      await expect(footer.getByRole('link', { name: lang.downloadPlay })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: lang.downloadApple })).toHaveCount(0);
      // No profile configured: neither the footer's list nor the hero's is there at all.
      await expect(footer.getByRole('list', { name: lang.socialMedia })).toHaveCount(0);
      await expect(page.getByRole('list', { name: lang.followUs })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveCount(0);

      await footer.getByRole('link', { name: lang.comingApple }).click();
      await expect(page).toHaveURL(`${site.url}${lang.prefix}/join`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.joinHeading);
    });

    test('a feature page and help say the app is coming and lead to the waitlist', async ({
      page,
    }) => {
      await open(page, lang, '/features/qibla-direction');
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: lang.waitlist, exact: true })).toHaveAttribute(
        'href',
        `${lang.prefix}/join`,
      );
      await expect(main.getByRole('link', { name: lang.downloadPlay })).toHaveCount(0);

      await open(page, lang, '/help');
      const about = await question(page, 'general-1');
      await expect(about.getByText(lang.helpComing, { exact: false })).toBeVisible();
      await expect(about.getByText(lang.helpLaunched)).toHaveCount(0);
      await expect(about.getByRole('link', { name: lang.comingPlay })).toHaveAttribute(
        'href',
        `${lang.prefix}/join`,
      );
      const devices = await question(page, 'general-3');
      await expect(devices).toContainText(lang.devicesComing);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  test.describe(`after the launch (APP_STORE_URL and PLAY_STORE_URL set), ${lang.code}`, () => {
    test.use({ baseURL: launchedSite.url });

    test('footer and home: the store buttons say "Download" and open the listings; the social links are the profiles', async ({
      page,
    }) => {
      await open(page, lang, '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: lang.downloadPlay })).toHaveAttribute(
        'href',
        LAUNCH_URLS.PLAY_STORE_URL,
      );
      await expect(footer.getByRole('link', { name: lang.downloadApple })).toHaveAttribute(
        'href',
        LAUNCH_URLS.APP_STORE_URL,
      );
      await expect(footer.getByRole('link', { name: lang.comingPlay })).toHaveCount(0);
      const social = footer.getByRole('list', { name: lang.socialMedia });
      await expect(social.getByRole('link')).toHaveCount(5);
      for (const [name, href] of SOCIAL) {
        await expect(social.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      const follow = page.getByRole('list', { name: lang.followUs });
      await expect(follow.getByRole('link')).toHaveCount(3);
      for (const [name, href] of SOCIAL.slice(0, 3)) {
        await expect(follow.getByRole('link', { name: lang.followOn(name) })).toHaveAttribute(
          'href',
          href,
        );
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test('a feature page and help link the listings', async ({ page }) => {
      await open(page, lang, '/features/qibla-direction');
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: lang.downloadPlay })).toHaveAttribute(
        'href',
        LAUNCH_URLS.PLAY_STORE_URL,
      );
      await expect(main.getByRole('link', { name: lang.downloadApple })).toHaveAttribute(
        'href',
        LAUNCH_URLS.APP_STORE_URL,
      );
      await expect(main.getByRole('link', { name: lang.waitlist, exact: true })).toHaveCount(0);

      await open(page, lang, '/help');
      const about = await question(page, 'general-1');
      await expect(about.getByText(lang.helpLaunched)).toBeVisible();
      await expect(about.getByText(lang.helpComing, { exact: false })).toHaveCount(0);
      await expect(about.getByRole('link', { name: lang.downloadApple })).toHaveAttribute(
        'href',
        LAUNCH_URLS.APP_STORE_URL,
      );
      const devices = await question(page, 'general-3');
      await expect(devices).toContainText('iOS 15');
      await expect(devices).not.toContainText(lang.devicesComing);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test.describe('the HTML a visitor gets tells only its deployment’s story', () => {
  test('before the launch', async ({ request }) => {
    const community = await (await request.get(`${site.url}/ar/features/community`)).text();
    expect(community).toContain('قريبًا على App Store');
    expect(community).toContain('href="/ar/join"');
    expect(community).not.toContain('نزّله من');
    expect(community).not.toMatch(/rc-if|__RC_/);
    const help = await (await request.get(`${site.url}/help`)).text();
    expect(help).toContain('Coming soon to the App Store');
    expect(help).toContain('The app is coming soon to iOS and Android.');
    expect(help).not.toContain('Download on the App Store');
    expect(help).not.toContain('Download it for iPhone');
  });

  test('after the launch', async ({ request }) => {
    const help = await (await request.get(`${launchedSite.url}/help`)).text();
    expect(help).toContain(`href="${LAUNCH_URLS.APP_STORE_URL}"`);
    expect(help).toContain(`href="${LAUNCH_URLS.PLAY_STORE_URL.replaceAll('&', '&amp;')}"`);
    expect(help).toContain(`href="${LAUNCH_URLS.SOCIAL_LINKEDIN_URL}"`);
    expect(help).toContain('Download it for iPhone');
    expect(help).not.toContain('Coming soon');
    expect(help).not.toContain('The app is coming soon');
    expect(help).not.toMatch(/rc-if|__RC_/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, baseURL: launchedSite.url });

    test('the footer links the listings and the profiles', async ({ page }) => {
      await page.goto('/ar/features/community');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'نزّله من App Store' })).toHaveAttribute(
        'href',
        LAUNCH_URLS.APP_STORE_URL,
      );
      await expect(
        footer.getByRole('list', { name: 'وسائل التواصل الاجتماعي' }).getByRole('link'),
      ).toHaveCount(5);
      await expect(
        page.getByRole('main').getByRole('link', { name: 'نزّله من Google Play' }),
      ).toHaveAttribute('href', LAUNCH_URLS.PLAY_STORE_URL);
    });
  });
});
