import type { SocialNetwork } from '../lib/config';
import marks from '../assets/marks.svg';

/**
 * A social network's mark (simple hand-drawn ones; lucide no longer ships brand icons), 24×24 in
 * currentColor, drawn from the marks file (assets/marks.svg) the page already has cached rather
 * than from path data in every page's JavaScript.
 */
export function SocialIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`${marks}#${network}`} />
    </svg>
  );
}
