import { useEffect, useRef } from 'react';

/**
 * Sections animate once when 30% visible (docs/behaviour.md#look-timings). Only elements that
 * start below the fold are hidden, and only once JavaScript runs, so prerendered content is
 * always readable and the first paint is never delayed. The CSS lives in styles/global.css.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.dataset.reveal = 'pending';
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            element.dataset.reveal = 'shown';
            observer.disconnect();
          }
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (element.dataset.reveal === 'pending') delete element.dataset.reveal;
    };
  }, []);
  return ref;
}
