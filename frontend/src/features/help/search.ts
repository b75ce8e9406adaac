import type { FaqItem } from '../../content/help';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u2018\u2019\u02bb]/g, '')
    .toLowerCase();
}

/**
 * Questions whose question or answer contains every word of the query (accents and case
 * ignored), across all categories, in content order. An empty query matches nothing.
 */
export function searchFaqs(
  items: FaqItem[],
  query: string,
  fill: (text: string) => string,
): FaqItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return items.filter((item) => {
    const haystack = normalise(fill(`${item.question} ${item.answer.join(' ')}`));
    return words.every((word) => haystack.includes(word));
  });
}
