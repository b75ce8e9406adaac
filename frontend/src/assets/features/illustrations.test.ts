import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The feature illustrations are cards with rounded corners: every circle drawn on one must lie
 * whole inside the card, clear of the corners' curve, or the image's square edge cuts it.
 */
const dir = __dirname;
const files = readdirSync(dir).filter((name) => name.endsWith('.svg'));

describe('feature illustrations', () => {
  it.each(files)('%s: every circle lies whole inside the rounded card', (name) => {
    const svg = readFileSync(join(dir, name), 'utf8');
    const card = /<rect width="(\d+)" height="(\d+)" rx="(\d+)"/.exec(svg);
    expect(card).not.toBeNull();
    const [width, height, radius] = (card ?? []).slice(1).map(Number) as [number, number, number];
    const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map(
      (match) => match.slice(1).map(Number) as [number, number, number],
    );
    expect(circles.length).toBeGreaterThan(0);
    for (const [cx, cy, r] of circles) {
      expect(cx - r, `${name} circle at ${cx},${cy}`).toBeGreaterThanOrEqual(0);
      expect(cy - r).toBeGreaterThanOrEqual(0);
      expect(cx + r).toBeLessThanOrEqual(width);
      expect(cy + r).toBeLessThanOrEqual(height);
      // A circle smaller than the corners' curve must also keep clear of it: its centre no
      // further from the card's inner rectangle than the curve's radius less its own.
      if (r < radius) {
        const dx = Math.max(radius - cx, 0, cx - (width - radius));
        const dy = Math.max(radius - cy, 0, cy - (height - radius));
        expect(Math.hypot(dx, dy), `${name} circle at ${cx},${cy}`).toBeLessThanOrEqual(radius - r);
      }
    }
  });
});
