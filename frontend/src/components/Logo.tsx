import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useConfig } from '../lib/configContext';
import styles from './Logo.module.css';

/** The product logo (38px high) linking home, with the lowercase brand word. */
export function Logo({ onClick }: { onClick?: () => void }) {
  const { brand } = useConfig();
  const { t } = useLingui();
  return (
    <Link to="/" className={styles.logo} onClick={onClick} aria-label={t`${brand} home`}>
      <svg
        className={styles.mark}
        width="38"
        height="38"
        viewBox="0 0 38 38"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="19" cy="19" r="18" fill="#193C35" stroke="#D4A018" strokeWidth="1.5" />
        <path d="M22 8a11 11 0 1 0 8 17A9 9 0 0 1 22 8z" fill="#D4A018" />
        <path
          d="m26.5 11 1 2.2 2.3.3-1.7 1.6.4 2.3-2-1.1-2.1 1.1.4-2.3-1.7-1.6 2.4-.3z"
          fill="#FEFAF6"
        />
      </svg>
      <span className={styles.word}>{brand}</span>
    </Link>
  );
}
