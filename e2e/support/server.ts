/**
 * Starts the real server for the suites and reads the emails it writes to its outbox.
 *
 * Each server gets a fresh temporary VAR_DIR (SQLite database, dev secret, outbox) and a
 * fixed port chosen once per run. The values are kept in environment variables so the
 * Playwright config, re-evaluated in every worker, sees the same ports and folders.
 * Account-flow suites (a later issue) can add servers with `defineServer` and read mail
 * with `outboxMessages`.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerDefinition {
  name: string;
  port: number;
  url: string;
  varDir: string;
  env: Record<string, string>;
}

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

export function defineServer(name: string, env: Record<string, string> = {}): ServerDefinition {
  const port = portBase++;
  const url = `http://127.0.0.1:${port}`;
  const varDir = join(tmpdir(), `e2e-${runId}-${name}`);
  return {
    name,
    port,
    url,
    varDir,
    env: { SITE_URL: url, VAR_DIR: varDir, PYTHONPATH: join(ROOT, 'backend'), ...env },
  };
}

/** A Playwright `webServer` entry that migrates and serves with a fresh VAR_DIR. */
export function webServerFor(server: ServerDefinition) {
  mkdirSync(server.varDir, { recursive: true });
  return {
    command: `rm -rf '${server.varDir}' && exec .venv/bin/python -m app serve --port ${server.port} --no-access-log --log-level warning`,
    cwd: ROOT,
    url: `${server.url}/robots.txt`,
    env: { ...stripUndefined(process.env), ...server.env },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

function stripUndefined(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export interface OutboxMessage {
  file: string;
  raw: string;
  headers: Record<string, string>;
  subject: string;
  to: string;
  body: string;
  /** Every part's text with base64 and quoted-printable undone: what a reader sees. */
  text: string;
}

function decodeParts(raw: string): string {
  const decoded: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) {
      decoded.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      decoded.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else {
      decoded.push(body);
    }
  }
  return decoded.join('\n');
}

/** Every email the server wrote to `$VAR_DIR/outbox/*.eml`, oldest first. */
export function outboxMessages(server: ServerDefinition): OutboxMessage[] {
  const dir = join(server.varDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const headers: Record<string, string> = {};
    for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
      const index = line.indexOf(':');
      if (index > 0) headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
    }
    return {
      file,
      raw,
      headers,
      subject: headers.subject ?? '',
      to: headers.to ?? '',
      body: rest.join('\n\n'),
      text: decodeParts(raw),
    };
  });
}
