/**
 * The account's recent security activity (our /api/account, docs/api.md#api-account-activity):
 * the last 20 entries, and the sentence each one reads as on Profile → Security.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { callApi, type ApiJson } from '../../lib/api/client';
import { isSignInProvider, PROVIDER_NAMES } from '../../lib/providers';
import { deviceName } from './devices';

/**
 * An entry of GET /api/account/activity: `device` is the browser and system it came from
 * (null when the server could not tell), `ip` only the network ("203.0.x.x",
 * "2001:db8:1::/48").
 */
export type ActivityEntry = ApiJson<'/api/account/activity', 'get'>['entries'][number];

export async function listActivity(): Promise<ActivityEntry[]> {
  const answer = await callApi({ signedIn: true }, (api) => api.GET('/api/account/activity'));
  if (!answer.ok) throw new Error(`activity: ${String(answer.error.status)}`);
  return answer.data.entries;
}

/** What an entry says: a message, or the readable name of an action this page does not know. */
export type ActivityText = MessageDescriptor | string;

/** A provider's name ('Google'), or null when the entry does not say which. */
function providerName(provider: unknown): string | null {
  if (isSignInProvider(provider)) return PROVIDER_NAMES[provider];
  if (typeof provider === 'string' && provider) {
    return provider.charAt(0).toUpperCase() + provider.slice(1);
  }
  return null;
}

const SIGN_IN_METHODS: Partial<Record<string, MessageDescriptor>> = {
  password: msg`Signed in with password`,
  otp: msg`Signed in with an email link or code`,
  recovery: msg`Signed in with a password reset link`,
};

const SIMPLE: Partial<Record<string, MessageDescriptor>> = {
  password_changed: msg`Password changed`,
  password_recovery_requested: msg`Password reset requested`,
  email_change_requested: msg`Email change requested`,
  email_changed: msg`Email address changed`,
  account_deletion_requested: msg`Account deletion requested`,
};

/**
 * What an entry says: 'Signed in with Google', 'Two-factor authentication turned on', …: a
 * message (its values, a provider or device name, are shown isolated from the sentence), or,
 * for an action newer than this page, its name made readable (as the server names it).
 */
export function activityText(entry: Pick<ActivityEntry, 'action' | 'details'>): ActivityText {
  const { action } = entry;
  const details = entry.details ?? {};
  const provider = providerName(details.provider);
  switch (action) {
    case 'signed_in':
      if (details.method === 'oauth') {
        return provider
          ? msg`Signed in with ${provider}`
          : msg({
              message: 'Signed in with A sign-in provider',
              comment: 'An activity entry that does not name its sign-in provider (Google, Apple)',
            });
      }
      return SIGN_IN_METHODS[String(details.method)] ?? msg`Signed in`;
    case 'second_factor_passed':
      return details.method === 'recovery_code'
        ? msg`Two-factor check passed with a recovery code`
        : msg`Two-factor check passed with the authenticator app`;
    case 'signed_out': {
      if (details.scope === 'global') return msg`Signed out everywhere`;
      if (details.scope === 'others') return msg`Signed out of all other devices`;
      if (details.scope === 'device') {
        const device = signedOutDevice(details.device);
        return device
          ? msg({
              message: `Signed out ${device}`,
              comment: '{device} is a device the person signed out, e.g. "Firefox on Windows"',
            })
          : msg`Signed out another device`;
      }
      return msg`Signed out`;
    }
    case 'identity_linked':
      if (details.provider === 'email') return msg`Password sign-in added`;
      return provider
        ? msg({
            message: `${provider} account connected`,
            comment: '{provider} is a sign-in provider: Google or Apple',
          })
        : msg({
            message: 'A sign-in provider account connected',
            comment: 'An activity entry that does not name its sign-in provider (Google, Apple)',
          });
    case 'identity_unlinked':
      if (details.provider === 'email') return msg`Password sign-in removed`;
      return provider
        ? msg({
            message: `${provider} account disconnected`,
            comment: '{provider} is a sign-in provider: Google or Apple',
          })
        : msg({
            message: 'A sign-in provider account disconnected',
            comment: 'An activity entry that does not name its sign-in provider (Google, Apple)',
          });
    case 'factor_enabled':
      return details.turned_on === true
        ? msg`Two-factor authentication turned on`
        : msg`Authenticator app added`;
    case 'factor_removed':
      if (details.turned_off === true) return msg`Two-factor authentication turned off`;
      return details.factor_type === 'recovery_code'
        ? msg`Recovery codes removed`
        : msg`Authenticator app removed`;
    case 'recovery_codes_generated':
      return details.regenerated === true
        ? msg`New recovery codes generated`
        : msg`Recovery codes generated`;
    default: {
      const simple = SIMPLE[action];
      if (simple) return simple;
      // An action newer than this page: its name, readable.
      const words = action.replace(/_/g, ' ').trim();
      return words ? words.charAt(0).toUpperCase() + words.slice(1) : msg`Account change`;
    }
  }
}

/**
 * The device a 'signed_out' entry names: its browser and system ({browser, os}) in the page's
 * language; null when it names none.
 */
function signedOutDevice(device: unknown): string | null {
  if (typeof device !== 'object' || device === null) return null;
  const { browser, os } = device as Record<string, unknown>;
  const part = (value: unknown) => (typeof value === 'string' && value ? value : null);
  if (part(browser) === null && part(os) === null) return null;
  return deviceName({ browser: part(browser), os: part(os) });
}

/** Where it happened: "Firefox on Windows" in the page's language, or 'Unknown device'. */
export function activityDevice(entry: Pick<ActivityEntry, 'device'>): string {
  return deviceName(entry.device);
}
