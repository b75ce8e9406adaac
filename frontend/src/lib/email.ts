/** The simple email pattern every form uses, text @ text . text (docs/behaviour.md#messages). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
