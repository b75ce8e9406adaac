// The conformance suites' server: the shared harness (testing/) with the settings these suites
// need, its API keys, and supabase-js clients the way a browser tab would have them.
import { createClient } from '@supabase/supabase-js';
import { apiKeys, defineServer, freePort, startServer as start } from '../testing/server.js';

export { linkIn } from '../testing/outbox.js';

/**
 * @typedef {import('../testing/server.js').RunningServer & {
 *   anonKey: string,
 *   serviceKey: string,
 *   client: (options?: import('@supabase/supabase-js').SupabaseClientOptions<'public'>) =>
 *     import('@supabase/supabase-js').SupabaseClient,
 * }} ConformanceServer
 */

/**
 * Starts a server on a free port; `env` overrides settings (e.g. `{ JWT_EXP: '60' }`);
 * `portOnly` starts it as `PORT=<port> make start` does (no SITE_URL: see testing/server.js).
 *
 * @param {Record<string, string>} [env]
 * @param {{ portOnly?: boolean }} [options]
 * @returns {Promise<ConformanceServer>}
 */
export async function startServer(env = {}, { portOnly = false } = {}) {
  const server = await start(
    defineServer({
      name: 'conformance',
      port: await freePort(),
      portOnly,
      env: {
        ENVIRONMENT: 'test',
        // Cheap hashing: the suite checks behaviour; bench/ measures the real cost.
        ARGON2_TIME_COST: '1',
        ARGON2_MEMORY_KIB: '64',
        ARGON2_PARALLELISM: '1',
        ...env,
      },
    }),
  );
  const { anonKey, serviceKey } = await apiKeys(server).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return {
    ...server,
    anonKey,
    serviceKey,
    /** A fresh supabase-js client with in-memory storage, as a browser tab would have. */
    client(options = {}) {
      /** @type {Map<string, string>} */
      const store = new Map();
      return createClient(server.url, anonKey, {
        ...options,
        auth: {
          storage: {
            /** @param {string} key */
            getItem: (key) => store.get(key) ?? null,
            /** @param {string} key @param {string} value */
            setItem: (key, value) => {
              store.set(key, value);
            },
            /** @param {string} key */
            removeItem: (key) => {
              store.delete(key);
            },
          },
          autoRefreshToken: false,
          detectSessionInUrl: false,
          ...(options.auth ?? {}),
        },
      });
    },
  };
}
