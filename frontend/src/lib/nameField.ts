import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { hasHiddenCharacter, hiddenCharacterMessage } from './hiddenText';

/**
 * A person's name in every form (sign-up, profile, contact, newsletter): required, at most
 * `limit.max` characters where the server has a limit (the form's own message), and no
 * character that hides or reorders text (docs/behaviour.md#names-text). Messages are functions,
 * read in the page's language when zod reports the issue.
 */
export function personNameField(limit?: { max: number; error: () => string }) {
  const required = z
    .string()
    .trim()
    .min(1, { error: () => t`Name is required` });
  return (limit ? required.max(limit.max, { error: limit.error }) : required).refine(
    (name) => !hasHiddenCharacter(name),
    hiddenCharacterMessage('Name'),
  );
}
