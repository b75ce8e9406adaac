/** Site-wide links and copy: navigation, footer, cookie banner. */

export interface SocialLink {
  network: 'instagram' | 'twitter' | 'facebook' | 'github' | 'linkedin';
  label: string;
  href: string;
}

// Placeholder profiles until the official accounts are announced (docs/behaviour.md#pages-shared).
export const socialLinks: SocialLink[] = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'twitter', label: 'Twitter', href: 'https://twitter.com/' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'github', label: 'GitHub', href: 'https://github.com/' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

export const heroSocialNetworks: SocialLink['network'][] = ['instagram', 'twitter', 'facebook'];

// Placeholder store listings until the apps are published.
export const storeLinks = {
  play: { label: 'Get it on Google Play', href: 'https://play.google.com/store/apps' },
  appStore: { label: 'Download on the App Store', href: 'https://www.apple.com/app-store/' },
};

export const footer = {
  description:
    'A calm, accurate prayer companion for Muslims everywhere: prayer times, Qibla, daily reminders and tracking, with your data kept private.',
  quickLinks: [
    { label: 'About Us', to: '/#about' },
    { label: 'Roadmap', to: '/#roadmap' },
    { label: 'Terms of Use', to: '/terms' },
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'Refund Policy', to: '/refund' },
  ],
  bottomLinks: [
    { label: 'Terms', to: '/terms' },
    { label: 'Privacy', to: '/privacy' },
    { label: 'Refund', to: '/refund' },
    { label: 'Delete account', to: '/account/delete' },
  ],
};

export const cookieBanner = {
  title: 'Cookies and analytics',
  text: 'We use optional analytics cookies to see which pages help people most. They are off unless you accept, and we never use them for advertising.',
  accept: 'Accept',
  reject: 'Reject',
  privacyLink: 'Read our Privacy Policy',
};
