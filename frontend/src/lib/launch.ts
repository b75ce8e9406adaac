/**
 * The launch state (APP_STORE_URL and PLAY_STORE_URL, docs/behaviour.md#pages-launch) and the
 * social profiles: which parts of a page exist for this deployment.
 *
 * Prerendered pages are built before the settings are known, so the prerenderer writes every
 * variant, each in `<rc-if data-when="condition">` (components/When.tsx), and the server keeps
 * the ones whose condition holds for its settings and drops the wrapper
 * (backend/app/web/pages.py, `conditions` and `fill_page`): the HTML a visitor gets, with or
 * without JavaScript, holds only this deployment's story, and it is exactly what the client
 * renders when it hydrates.
 */
import { PLACEHOLDER_CONFIG, type RuntimeConfig, type SocialNetwork } from './config';

export type Condition = 'coming' | 'launched' | `social:${SocialNetwork}`;

/** The app is out when its store listings are configured (the server requires both or none). */
export function isLaunched(config: RuntimeConfig): boolean {
  return Boolean(config.appStoreUrl && config.playStoreUrl);
}

/** Whether `condition` holds for this deployment: the same rule as the server's `conditions`. */
export function holds(condition: Condition, config: RuntimeConfig): boolean {
  if (condition === 'launched') return isLaunched(config);
  if (condition === 'coming') return !isLaunched(config);
  return Boolean(config.socialUrls[condition.slice('social:'.length) as SocialNetwork]);
}

/** True while prerendering, when the settings are not known yet. */
export function isPrerendering(config: RuntimeConfig): boolean {
  return config.appStoreUrl === PLACEHOLDER_CONFIG.appStoreUrl;
}
