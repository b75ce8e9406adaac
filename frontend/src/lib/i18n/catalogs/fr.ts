// The fr message catalogues, each its own chunk (lib/i18n/catalogs.ts says why per language).
import type { Messages } from '@lingui/core';

export const files = import.meta.glob<{ messages: Messages }>('../../../locales/fr/*.po');
