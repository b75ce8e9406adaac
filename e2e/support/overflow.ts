/**
 * "Nothing is cut off on a phone": what on the page in front of the browser is wider than the
 * window, sticks out of its container, or is cut off by it. Run in the page in one call
 * (`page.evaluate(findOverflow)`): it must stay self-contained (no imports, no outer names).
 *
 * Each finding is one line: what, where, by how many pixels, and the element (tag, classes,
 * the start of its text). Rules:
 * - the document must not be wider than the window (nothing scrolls sideways);
 * - an element that hides its overflow (overflow hidden or clip) must have none in that
 *   direction: its content would be cut off (a truncated line, a card cut at the bottom);
 * - no element's box may stick out of the window sideways, or out of the box of the nearest
 *   ancestor that hides or scrolls its overflow;
 * - a closed drop-down list must show its whole chosen option;
 * - a box that scrolls sideways on purpose (the monthly timetable) must say so to everyone:
 *   a keyboard stop (tabindex 0), a name (aria-label or aria-labelledby) and a visible hint
 *   that there is more (a background that moves with the content: scroll shadows, or a
 *   visible scrollbar).
 * Invisible things are skipped: display none, visibility hidden, opacity 0 (a native list laid
 * over the text it shows), what is out of sight by design
 * (the screen-reader-only text and the honeypot: 1×1 px and clipped) and empty boxes. So is the
 * text in a field, which scrolls inside it as it is typed. Of a chain of boxes sticking out of
 * the window only the outermost and the innermost are named.
 */
export function findOverflow(): string[] {
  const TOLERANCE = 1; // sub-pixel rounding
  const findings: string[] = [];
  const viewport = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const classes = Array.from(element.classList)
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join('');
    const id = element.id ? `#${element.id}` : '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`;
  };

  const width = document.scrollingElement?.scrollWidth ?? 0;
  if (width > viewport + TOLERANCE) {
    findings.push(`document is ${width} px wide in a ${viewport} px window`);
  }

  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (element: Element): CSSStyleDeclaration => {
    let style = styles.get(element);
    if (!style) {
      style = getComputedStyle(element);
      styles.set(element, style);
    }
    return style;
  };
  const hides = (value: string) => value === 'hidden' || value === 'clip';
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';

  /** The nearest ancestor whose box limits this element's sideways: one that hides or scrolls. */
  const containerOf = (element: Element): Element | null => {
    if (styleOf(element).position === 'fixed') return null;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body || parent === document.documentElement) return null;
      if (styleOf(parent).overflowX !== 'visible') return parent;
    }
    return null;
  };

  /** Out of sight by design: the screen-reader-only text and the honeypot (1×1 px, clipped). */
  const visuallyHidden = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = styleOf(node);
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      const box = node.getBoundingClientRect();
      if (hides(style.overflowX) && box.width <= 1 && box.height <= 1) return true;
    }
    return false;
  };

  const invisible = (element: Element): boolean => {
    const style = styleOf(element);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') {
      return true;
    }
    if (element.getClientRects().length === 0) return true;
    const box = element.getBoundingClientRect();
    return box.width === 0 || box.height === 0 || visuallyHidden(element);
  };

  const outOfWindow = (element: Element | null): boolean => {
    if (!element || element === document.body) return false;
    const box = element.getBoundingClientRect();
    return box.left < -TOLERANCE || box.right > viewport + TOLERANCE;
  };

  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
    if (invisible(element)) continue;
    const style = styleOf(element);
    const box = element.getBoundingClientRect();

    // A field's own text scrolls inside it as it is typed: not a layout's doing.
    const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
    if (element instanceof HTMLElement && !field) {
      const hiddenX = element.scrollWidth - element.clientWidth;
      const hiddenY = element.scrollHeight - element.clientHeight;
      if (hides(style.overflowX) && hiddenX > TOLERANCE) {
        findings.push(`${describe(element)} cuts off ${hiddenX} px of its content sideways`);
      }
      if (hides(style.overflowY) && hiddenY > TOLERANCE) {
        findings.push(`${describe(element)} cuts off ${hiddenY} px of its content at the bottom`);
      }
      if (scrolls(style.overflowX) && hiddenX > TOLERANCE) {
        const named = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
        const hinted =
          style.backgroundAttachment.split(',').some((value) => value.trim() === 'local') ||
          (style.scrollbarWidth !== 'none' && element.offsetHeight > element.clientHeight);
        if (element.tabIndex < 0 || !named || !hinted) {
          findings.push(
            `${describe(element)} scrolls sideways (${hiddenX} px) without ${[
              element.tabIndex < 0 ? 'a keyboard stop' : '',
              named ? '' : 'a name',
              hinted ? '' : 'a visible hint',
            ]
              .filter(Boolean)
              .join(', ')}`,
          );
        }
      }
    }

    // A closed list shows its chosen option on one line: it must fit beside the arrow.
    if (element instanceof HTMLSelectElement && element.selectedOptions[0]) {
      const probe = document.createElement('span');
      probe.textContent = element.selectedOptions[0].text;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const ARROW = 20;
      const room =
        element.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        ARROW;
      if (text > room + TOLERANCE) {
        findings.push(
          `${describe(element)} cuts off its chosen option by ${Math.round(text - room)} px`,
        );
      }
    }

    const container = containerOf(element);
    if (!container) {
      // Of a chain of boxes that stick out, the outermost and the innermost say where and why.
      const outermost = !outOfWindow(element.parentElement);
      const innermost = !Array.from(element.children).some(
        (child) => !invisible(child) && outOfWindow(child),
      );
      if (outOfWindow(element) && (outermost || innermost)) {
        const by = Math.round(Math.max(-box.left, box.right - viewport));
        findings.push(`${describe(element)} sticks out of the window by ${by} px`);
      }
      continue;
    }
    // What scrolls into view is not cut off (the scrolling box itself is checked above).
    if (scrolls(styleOf(container).overflowX)) continue;
    const outer = container.getBoundingClientRect();
    const border = styleOf(container);
    const start = outer.left + parseFloat(border.borderLeftWidth);
    const end = outer.right - parseFloat(border.borderRightWidth);
    if (box.left < start - TOLERANCE || box.right > end + TOLERANCE) {
      const by = Math.round(Math.max(start - box.left, box.right - end));
      findings.push(
        `${describe(element)} sticks out of ${describe(container)} by ${by} px and is cut off`,
      );
    }
  }
  return findings;
}
