/** Site-wide links and copy: navigation, footer, cookie banner. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SocialNetwork } from '../lib/config';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
}

// The footer's networks (SPEC.md, Footer); each links to the profile its setting names
// (SOCIAL_<NETWORK>_URL) and is left out without one (docs/behaviour.md#pages-launch).
// The labels are the networks' names, the same in every language.
/* eslint-disable lingui/no-unlocalized-strings */
export const socialLinks: SocialLink[] = [
  { network: 'instagram', label: 'Instagram' },
  { network: 'twitter', label: 'Twitter' },
  { network: 'facebook', label: 'Facebook' },
  { network: 'github', label: 'GitHub' },
  { network: 'linkedin', label: 'LinkedIn' },
];
/* eslint-enable lingui/no-unlocalized-strings */

export const heroSocialNetworks: SocialNetwork[] = ['instagram', 'twitter', 'facebook'];

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
