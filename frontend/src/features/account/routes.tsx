/**
 * This feature's routes (composed by app/routes.tsx). Screens that talk to the server are
 * not prerendered: declare them with `{ prerender: false, sitemap: false }`.
 */
import type { AppRoute } from '../../lib/routing';

export const accountRoutes: AppRoute[] = [];
