/**
 * The one script a prerendered page loads by itself (scripts/prerender.mjs): it starts the
 * page's JavaScript (the entry module and its modulepreload links, kept in
 * `<template id="app-js">`) once the page has painted its content. Until then the scripts do not
 * compete with the stylesheet, the fonts and the first frame for the network and the main
 * thread; the prerendered page is readable and its links work meanwhile.
 *
 * It also keeps the taps that come too early (frontend/README.md#early-taps): a control that
 * does nothing without the script (a `type="button"` button, a form the script submits, anything
 * marked `data-needs-script`) tapped before the page is hydrated is marked busy, and the tap is
 * replayed once it is (app/App.tsx's `app:hydrated` event). From then on the app (Preact, which
 * hydrates the whole page in one pass: every part's code is loaded before) handles every event.
 */
const START_ANYWAY_MS = 3000;
/** What app/App.tsx dispatches on `document` once the page is hydrated. */
const HYDRATED = 'app:hydrated';
const NEEDS_SCRIPT = 'button[type="button"], [data-needs-script]';

let started = false;

function start(): void {
  if (started) return;
  started = true;
  const template = document.getElementById('app-js');
  if (template instanceof HTMLTemplateElement) {
    // Copies, not the parsed nodes: only scripts created here run when inserted.
    document.head.append(document.importNode(template.content, true));
  }
}

/** Taps and submissions waiting for the script, in order, one per control. */
const kept: HTMLElement[] = [];

function keep(target: HTMLElement): void {
  // A second tap on a control already waiting is the visitor's impatience, not a second wish
  // (twice on a menu button would close what the first opens).
  if (!kept.includes(target)) kept.push(target);
  target.setAttribute('aria-busy', 'true');
  // The visitor is waiting for the script: no reason to wait for the paint any more.
  start();
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest(NEEDS_SCRIPT) : null;
  if (!(target instanceof HTMLElement) || target.matches(':disabled')) return;
  event.preventDefault();
  event.stopPropagation();
  keep(target);
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  // A form with an action works without the script (the server answers it); one without is the
  // script's, and the browser's own submission would put its fields in the address.
  if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
  event.preventDefault();
  event.stopPropagation();
  keep(form);
}

function replay(): void {
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('submit', onSubmit, true);
  // In a task of its own: the event comes from the first effects after hydration, and the
  // updates those effects make (the stored place, the session) render first, so the replayed
  // tap acts on the page they leave.
  setTimeout(() => {
    for (const target of kept.splice(0)) {
      target.removeAttribute('aria-busy');
      // Hydration keeps the prerendered nodes; one it had to replace is no longer the control.
      if (!target.isConnected) continue;
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else target.click();
    }
  });
}

document.addEventListener('click', onClick, true);
document.addEventListener('submit', onSubmit, true);
document.addEventListener(HYDRATED, replay, { once: true });

if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page that never paints (opened in a background tab) still starts, a little later.
  setTimeout(start, START_ANYWAY_MS);
} else {
  start();
}

// A module (the page loads it as one); nothing to export.
export {};
