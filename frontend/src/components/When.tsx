import { createElement, type ReactNode } from 'react';
import { useConfig } from '../lib/configContext';
import { holds, isPrerendering, type Condition } from '../lib/launch';

/**
 * Renders `children` only for deployments where `when` holds (lib/launch.ts). While
 * prerendering it writes them in `<rc-if data-when>` for the server to keep or drop.
 *
 * So that the page the server sends hydrates without a mismatch:
 * - the children are whole elements (never bare text beside other text: the renderer would
 *   have to split a text node the browser parsed as one);
 * - a `When` is never inside another (scripts/prerender.mjs stops the build if it is).
 */
export function When({ when, children }: { when: Condition; children: ReactNode }) {
  const config = useConfig();
  if (isPrerendering(config)) return createElement('rc-if', { 'data-when': when }, children);
  return holds(when, config) ? children : null;
}
