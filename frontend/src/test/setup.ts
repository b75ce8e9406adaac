import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// The router (wouter) reads jsdom's address bar and history state: every test starts at / with
// no state, whatever the previous test navigated to.
// (A test file may run in Node's environment instead, `@vitest-environment node`: no window.)
beforeEach(() => {
  if (typeof window !== 'undefined') window.history.replaceState(null, '', '/');
});

// jsdom has no modal dialogs: showModal and close toggle `open` as a browser would (the real
// dialog's focus and Escape: e2e/specs/tracker-sync.spec.ts, account-deletion.spec.ts).
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// English, from the messages the development build keeps in each descriptor (test/render.tsx).
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
});
