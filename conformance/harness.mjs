// Starts the real server (SQLite, outbox mail) on a free port for a conformance suite, and
// reads the emails it sends from the outbox folder, the way a person reads an inbox.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@supabase/supabase-js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = join(ROOT, '.venv', 'bin', 'python');

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-m', 'app', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} failed:\n${out}`))));
  });
}

/**
 * Starts a server; returns { url, anonKey, serviceKey, outbox, client(), stop() }.
 * `env` overrides settings (e.g. { JWT_EXP: '60', AUTH_AUTOCONFIRM: 'true' }).
 */
export async function startServer(env = {}) {
  const varDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    PYTHONPATH: join(ROOT, 'backend'),
    ENVIRONMENT: 'test',
    VAR_DIR: varDir,
    SITE_URL: url,
    // Cheap hashing: the suite checks behaviour; bench/ measures the real cost.
    ARGON2_TIME_COST: '1',
    ARGON2_MEMORY_KIB: '64',
    ARGON2_PARALLELISM: '1',
    ...env,
  };
  const keysText = await run(['keys'], fullEnv);
  const [anonKey, serviceKey] = keysText.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g);
  const child = spawn(PYTHON, ['-m', 'app', 'serve', '--port', String(port), '--no-access-log'], {
    cwd: ROOT,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/auth/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await sleep(100);
  }
  const outbox = new Outbox(join(varDir, 'outbox'));
  return {
    url,
    anonKey,
    serviceKey,
    outbox,
    log: () => log,
    /** A fresh supabase-js client with in-memory storage, as a browser tab would have. */
    client(options = {}) {
      const store = new Map();
      return createClient(url, anonKey, {
        ...options,
        auth: {
          storage: {
            getItem: (k) => store.get(k) ?? null,
            setItem: (k, v) => void store.set(k, v),
            removeItem: (k) => void store.delete(k),
          },
          autoRefreshToken: false,
          detectSessionInUrl: false,
          ...(options.auth ?? {}),
        },
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}

/** Parsed .eml files: { to, subject, headers, text }. */
export class Outbox {
  constructor(dir) {
    this.dir = dir;
  }

  all() {
    let names = [];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.eml')).sort();
    } catch {
      return [];
    }
    return names.map((n) => parseEml(readFileSync(join(this.dir, n), 'utf8')));
  }

  /** Waits for the next email to `address` beyond the `after` count already seen. */
  async waitFor(address, { after = 0, timeoutMs = 10_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.all().filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
      if (found.length > after) return found[found.length - 1];
      if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  count(address) {
    return this.all().filter((m) => m.to.toLowerCase().includes(address.toLowerCase())).length;
  }
}

function decodePart(body, encoding) {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

function parseHeaders(block) {
  const headers = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** Minimal MIME reading: enough to get the headers and the text/plain part. */
export function parseEml(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  let text = body;
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const cut = part.search(/\r?\n\r?\n/);
      if (cut < 0) continue;
      const ph = parseHeaders(part.slice(0, cut).trim());
      if ((ph['content-type'] ?? '').startsWith('text/plain')) {
        text = decodePart(part.slice(cut).replace(/^\r?\n\r?\n/, ''), ph['content-transfer-encoding'] ?? '');
        break;
      }
    }
  } else {
    text = decodePart(body, headers['content-transfer-encoding'] ?? '');
  }
  return { to: headers.to ?? '', subject: headers.subject ?? '', headers, text };
}

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(message, prefix) {
  const found = message.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(prefix));
  if (!found) throw new Error(`no link starting ${prefix} in:\n${message.text}`);
  return found;
}
