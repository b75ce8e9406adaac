import { t } from '@lingui/core/macro';

/**
 * The characters the server refuses in names, subjects and messages because they hide or
 * reorder text (backend/app/core/text.py, docs/behaviour.md#names-text): control
 * characters, line and paragraph separators, the zero-width space, bidi marks, embeddings,
 * overrides and isolates, the word joiner and invisible operators, the byte-order mark and
 * tag characters. The joiners U+200C and U+200D are allowed (Persian, Urdu and Indic
 * spellings and emoji need them), and so are the tags inside an emoji flag.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;
const EMOJI_TAG_SEQUENCE = /\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;

/** True when the text holds a character the server refuses; `allowed` lists exceptions. */
export function hasHiddenCharacter(text: string, allowed = ''): boolean {
  let rest = text.replace(EMOJI_TAG_SEQUENCE, '');
  for (const char of allowed) rest = rest.replaceAll(char, '');
  return HIDDEN.test(rest);
}

/** The fields whose text is checked (each has its own sentence, for grammar's sake). */
export type HiddenTextField = 'Name' | 'Subject' | 'Message';

/**
 * The error of a field holding such a character, as a zod `.refine` parameter: its message is
 * read in the page's language when the form reports it (schemas are built before the page's
 * catalogue has loaded). `.refine((v) => !hasHiddenCharacter(v), hiddenCharacterMessage('Name'))`
 */
export function hiddenCharacterMessage(field: HiddenTextField): { error: () => string } {
  return {
    error: () => {
      switch (field) {
        case 'Subject':
          return t`Subject contains an invisible or control character; please retype it`;
        case 'Message':
          return t`Message contains an invisible or control character; please retype it`;
        default:
          return t`Name contains an invisible or control character; please retype it`;
      }
    },
  };
}
