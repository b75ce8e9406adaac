/**
 * The e2e suite's servers: the shared harness (testing/server.js) started by Playwright's
 * `webServer`, so that every worker shares them.
 *
 * The Playwright config is evaluated again in every worker process, so each server's port and
 * VAR_DIR are fixed once per run and handed down in environment variables: every process
 * computes the same values. Servers are declared in `servers.ts` and listed in
 * `playwright.config.ts`; a spec reads a server's mail with `server.outbox`. The local OpenID
 * Providers that stand in for Google and Apple (`e2eProvider`) are run the same way.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OidcProviderOptions } from '../../testing/oidc-provider.js';
import {
  defineServer,
  HEALTH_PATH,
  ROOT,
  serveCommand,
  serverEnv,
  type ServerDefinition,
} from '../../testing/server.js';

export type { ServerDefinition };

/**
 * `process.env[key]`, made by `make` in the first process that asks (the runner, which
 * evaluates the config first) and inherited from there by every worker.
 */
export function stableValue(key: string, make: () => string): string {
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

/** The next port of this run: the same in every process, as long as they ask in the same order. */
export function e2ePort(): number {
  return portBase++;
}

/** A server with the next port of this run and a VAR_DIR named after the run and `name`. */
export function e2eServer(name: string, env: Record<string, string> = {}): ServerDefinition {
  const port = e2ePort();
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

/**
 * A local OpenID Provider (testing/oidc-provider.js) on a port of this run, standing in for
 * Google or Apple: `issuer` is what a server's GOOGLE_ISSUER / APPLE_ISSUER names.
 */
export interface ProviderDefinition {
  issuer: string;
  options: OidcProviderOptions & { port: number };
}

/** The issuer a provider on `port` of this run will have (see `e2eProvider`). */
export function issuerAt(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** A provider on `options.port`, an `e2ePort()` taken before the server that names its issuer. */
export function e2eProvider(options: OidcProviderOptions & { port: number }): ProviderDefinition {
  return { issuer: issuerAt(options.port), options };
}

/** One word for `sh`, whatever it holds (the options' JSON has quotes and spaces). */
const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The Playwright `webServer` entry that runs `provider` (its options as a JSON argument), ready
 * when its discovery document answers. Its output is left out: oidc-provider warns about its
 * development-only settings on every start (`DEBUG=pw:webserver` shows everything).
 */
export function webServerForProvider(provider: ProviderDefinition) {
  const script = join(ROOT, 'testing', 'oidc-provider.js');
  return {
    command: [process.execPath, script, JSON.stringify(provider.options)].map(shellQuote).join(' '),
    cwd: ROOT,
    url: `${provider.issuer}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'ignore' as const,
  };
}
