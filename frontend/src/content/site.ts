/** Site-wide links and copy: navigation, footer, cookie banner. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface SocialLink {
  network: 'instagram' | 'twitter' | 'facebook' | 'github' | 'linkedin';
  label: string;
  href: string;
}

// Placeholder profiles until the official accounts are announced (docs/behaviour.md#pages-shared).
// The labels are the networks' names, the same in every language.
/* eslint-disable lingui/no-unlocalized-strings */
export const socialLinks: SocialLink[] = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'twitter', label: 'Twitter', href: 'https://twitter.com/' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'github', label: 'GitHub', href: 'https://github.com/' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

/* eslint-enable lingui/no-unlocalized-strings */

export const heroSocialNetworks: SocialLink['network'][] = ['instagram', 'twitter', 'facebook'];

// Placeholder store listings until the apps are published.
export const storeLinks = {
  play: { label: msg`Get it on Google Play`, href: 'https://play.google.com/store/apps' },
  appStore: { label: msg`Download on the App Store`, href: 'https://www.apple.com/app-store/' },
};

export const footer = {
  description: msg`A calm, accurate prayer companion for Muslims everywhere: prayer times, Qibla, daily reminders and tracking, with your data kept private.`,
  quickLinks: [
    { label: msg`About Us`, to: '/#about' },
    { label: msg`Roadmap`, to: '/#roadmap' },
    { label: msg`Terms of Use`, to: '/terms' },
    { label: msg`Privacy Policy`, to: '/privacy' },
    { label: msg`Refund Policy`, to: '/refund' },
  ],
  bottomLinks: [
    { label: msg`Terms`, to: '/terms' },
    { label: msg`Privacy`, to: '/privacy' },
    { label: msg`Refund`, to: '/refund' },
    { label: msg`Delete account`, to: '/account/delete' },
  ],
};

export const cookieBanner = {
  title: msg`Cookies and analytics`,
  text: msg`We use optional analytics cookies to see which pages help people most. They are off unless you accept, and we never use them for advertising.`,
  accept: msg`Accept`,
  reject: msg`Reject`,
  privacyLink: msg`Read our Privacy Policy`,
};

export type SiteLink = { label: MessageDescriptor; to: string };
