/**
 * The one script a prerendered page loads by itself (scripts/prerender.mjs): it starts the
 * page's JavaScript (the entry module and its modulepreload links, kept in
 * `<template id="app-js">`) once the page has painted its content. Until then the scripts do not
 * compete with the stylesheet, the fonts and the first frame for the network and the main
 * thread; the prerendered page is readable and its links work meanwhile.
 */
const START_ANYWAY_MS = 3000;

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
