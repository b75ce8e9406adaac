/**
 * The e2e suite's servers: the shared harness (testing/server.js) started by Playwright's
 * `webServer`, so that every worker shares them.
 *
 * The Playwright config is evaluated again in every worker process, so each server's port and
 * VAR_DIR are fixed once per run and handed down in environment variables: every process
 * computes the same values. Servers are declared in `servers.ts` and listed in
 * `playwright.config.ts`; a spec reads a server's mail with `server.outbox`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineServer,
  HEALTH_PATH,
  ROOT,
  serveCommand,
  serverEnv,
  type ServerDefinition,
} from '../../testing/server.js';

export type { ServerDefinition };

function stableValue(key: string, make: () => string): string {
  const existing = process.env[key];
  if (existing) return existing;
  const value = make();
  process.env[key] = value;
  return value;
}

const runId = stableValue('E2E_RUN_ID', () => `${process.pid}-${Date.now()}`);
let portBase = Number(
  stableValue('E2E_PORT_BASE', () => String(20000 + Math.floor(Math.random() * 20000))),
);

/** A server with the next port of this run and a VAR_DIR named after the run and `name`. */
export function e2eServer(name: string, env: Record<string, string> = {}): ServerDefinition {
  const port = portBase++;
  const varDir = join(tmpdir(), `e2e-${runId}-${name}`);
  return defineServer({ name, port, varDir, env });
}

/** The Playwright `webServer` entry that serves `server` from an empty VAR_DIR. */
export function webServerFor(server: ServerDefinition) {
  return {
    command: serveCommand(server),
    cwd: ROOT,
    url: `${server.url}${HEALTH_PATH}`,
    env: serverEnv(server),
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
