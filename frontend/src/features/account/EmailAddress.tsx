import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects, not mid-word: a line may break after the
 * "@" and before each dot (<wbr>). Only a part longer than the line still breaks anywhere
 * (the caller's overflow-wrap). Wrapped in <bdi>: what someone typed keeps its own direction.
 */
export function EmailAddress({ email }: { email: string }) {
  // Not a lookbehind: Safari before 16.4 cannot parse one, and would fail the whole chunk.
  const parts = email.replace(/@/g, '@\n').replace(/\./g, '\n.').split('\n');
  return (
    <bdi>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
