/**
 * The one way the Node-side suites run the real server: `python -m app serve` from the
 * repository root with a fresh temporary VAR_DIR (SQLite database, development secret,
 * outbox mail), on 127.0.0.1, with per-server settings on top of the inherited environment.
 *
 * - `defineServer` describes a server (port, URL, VAR_DIR, environment, outbox) without
 *   starting it;
 * - `startServer` starts it, waits until it is healthy and stops it by PID (conformance/,
 *   bench/);
 * - `serveCommand` and `serverEnv` are the same command and environment for a runner that
 *   starts servers itself (Playwright's `webServer`, see e2e/support/server.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Outbox } from './outbox.js';

/** The repository root: commands run from here, as `make start` does. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PYTHON = join(ROOT, '.venv', 'bin', 'python');
/** Answers 200 once the app is up (no API key needed). */
export const HEALTH_PATH = '/auth/v1/health';

/**
 * @typedef {object} ServerDefinition
 * @property {string} name
 * @property {number} port
 * @property {string} url `http://127.0.0.1:<port>`, also the server's SITE_URL (set, or with
 *   `portOnly` the server's own address).
 * @property {boolean} portOnly Started as `PORT=<port> make start` is: see `defineServer`.
 * @property {string} varDir Emptied when the server starts.
 * @property {Outbox} outbox The emails the server wrote (`$VAR_DIR/outbox`).
 * @property {Record<string, string>} env What the server gets on top of the inherited environment.
 */

/**
 * @typedef {ServerDefinition & {
 *   pid: number,
 *   log: () => string,
 *   stop: () => Promise<void>,
 * }} RunningServer
 */

/**
 * Describes a server. Every server gets its own VAR_DIR, the SQLite database in it and the
 * outbox mail backend writing to `$VAR_DIR/outbox`; `env` adds or overrides settings.
 *
 * @param {object} options
 * @param {string} options.name Names the temporary folder.
 * @param {number} options.port See `freePort` (or a fixed port, as the e2e suite uses).
 * @param {string} [options.varDir] Default: a new folder under the system temp directory.
 * @param {Record<string, string>} [options.env]
 * @param {boolean} [options.portOnly] Start it as `PORT=<port> make start` does: the port in
 *   `PORT`, no `--host`/`--port` and no SITE_URL, so the server takes its own address as the
 *   site's (README.md#configuration).
 * @returns {ServerDefinition}
 */
export function defineServer({ name, port, varDir, env = {}, portOnly = false }) {
  const url = `http://127.0.0.1:${port}`;
  const dir = varDir ?? mkdtempSync(join(tmpdir(), `${name}-`));
  const outboxDir = join(dir, 'outbox');
  return {
    name,
    port,
    url,
    portOnly,
    varDir: dir,
    outbox: new Outbox(outboxDir),
    env: {
      PYTHONPATH: join(ROOT, 'backend'),
      VAR_DIR: dir,
      // Empty is unset (an inherited SITE_URL must not leak in either).
      ...(portOnly ? { SITE_URL: '', HOST: '127.0.0.1', PORT: String(port) } : { SITE_URL: url }),
      DATABASE_URL: '',
      MAIL_BACKEND: 'outbox',
      MAIL_OUTBOX_DIR: outboxDir,
      ...env,
    },
  };
}

/**
 * A port nobody listens on right now.
 *
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server process's whole environment: ours, then the definition's.
 *
 * @param {ServerDefinition} server
 * @returns {Record<string, string>}
 */
export function serverEnv(server) {
  /** @type {Record<string, string>} */
  const inherited = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) inherited[key] = value;
  }
  return { ...inherited, ...server.env };
}

/**
 * `python -m app serve` (migrates, then serves the API and the built site) for one server.
 *
 * @param {ServerDefinition} server
 */
function serveArgs(server) {
  return [
    '-m',
    'app',
    'serve',
    ...(server.portOnly ? [] : ['--host', '127.0.0.1', '--port', String(server.port)]),
    '--no-access-log',
    '--log-level',
    'warning',
  ];
}

/** @param {string} word */
const shellQuote = (word) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The shell command that empties the server's VAR_DIR and serves it, for a runner that starts
 * servers itself (run it from `ROOT` with `serverEnv(server)`; ready at `url + HEALTH_PATH`).
 *
 * @param {ServerDefinition} server
 */
export function serveCommand(server) {
  const command = [PYTHON, ...serveArgs(server)].map(shellQuote).join(' ');
  return `rm -rf ${shellQuote(server.varDir)} && exec ${command}`;
}

/**
 * Starts the server from an empty VAR_DIR and waits until it answers `HEALTH_PATH`.
 * `stop()` ends it by its PID and removes the VAR_DIR.
 *
 * @param {ServerDefinition} server
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function startServer(server, { timeoutMs = 30_000 } = {}) {
  rmSync(server.varDir, { recursive: true, force: true });
  const child = spawn(PYTHON, serveArgs(server), {
    cwd: ROOT,
    env: serverEnv(server),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && pid !== undefined) {
      process.kill(pid, 'SIGTERM');
      await exited;
    }
    rmSync(server.varDir, { recursive: true, force: true });
  };
  try {
    if (pid === undefined) throw new Error(`could not start ${PYTHON}`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited early:\n${log}`);
      }
      try {
        if ((await fetch(`${server.url}${HEALTH_PATH}`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
      await sleep(100);
    }
    return { ...server, pid, log: () => log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * How many emails the server has queued and not sent yet (to `address`, or to anyone): the rows
 * of its outbox table, `mail_outbox` in `$VAR_DIR/app.db`. A request queues its emails in its
 * own transaction, and a sent one is in `server.outbox` before its row goes
 * (backend/app/mail/delivery.py): once a request has been answered and this is 0, every email
 * it will ever send is in `server.outbox`.
 *
 * @param {ServerDefinition} server
 * @param {string} [address]
 * @returns {Promise<number>}
 */
export async function unsentMail(server, address) {
  const count =
    'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); ' +
    'where = " WHERE lower(recipient) = lower(?)" if len(sys.argv) > 2 else ""; ' +
    'print(db.execute("SELECT count(*) FROM mail_outbox" + where, sys.argv[2:]).fetchone()[0])';
  const args = ['-c', count, join(server.varDir, 'app.db'), ...(address ? [address] : [])];
  const { stdout } = await promisify(execFile)(PYTHON, args);
  return Number(stdout.trim());
}

/**
 * Waits until the server's outbox holds nothing more (for `address`, or for anyone): the
 * positive signal before a "no (second) email" check. See `unsentMail`.
 *
 * @param {ServerDefinition} server
 * @param {string} [address]
 * @param {{ timeoutMs?: number }} [options]
 */
export async function outboxSent(server, address, { timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while ((await unsentMail(server, address)) > 0) {
    if (Date.now() > deadline) throw new Error(`mail to ${address ?? 'anyone'} still unsent`);
    await sleep(50);
  }
}

/**
 * The API keys a running server accepts (`python -m app keys`: derived from its JWT secret).
 *
 * @param {ServerDefinition} server
 * @returns {Promise<{ anonKey: string, serviceKey: string }>}
 */
export async function apiKeys(server) {
  const { stdout } = await promisify(execFile)(PYTHON, ['-m', 'app', 'keys'], {
    cwd: ROOT,
    env: serverEnv(server),
  });
  const [anonKey, serviceKey] = stdout.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [];
  if (!anonKey || !serviceKey) throw new Error(`no keys in the output of app keys:\n${stdout}`);
  return { anonKey, serviceKey };
}
