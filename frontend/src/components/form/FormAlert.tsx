import type { ReactNode } from 'react';
import { accountStyles } from '../AccountFrame';

/**
 * A form's refusal that belongs to no field (a failed request, a server's message), above or
 * beside the form; read out as it appears. Renders nothing without a message.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <div className={accountStyles.alert} role="alert">
      <p>{children}</p>
    </div>
  );
}
