/**
 * Reads the emails the server writes to its outbox (`MAIL_BACKEND=outbox`: one RFC 5322 `.eml`
 * file per message in `$VAR_DIR/outbox`), the way a person reads an inbox. Shared by the
 * Playwright suite (e2e/), the conformance suite (conformance/) and the benchmarks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import libmime from 'libmime';

/**
 * One leaf part of a message (a non-multipart message is one part), its body decoded.
 *
 * @typedef {object} MailPart
 * @property {Record<string, string>} headers Lower-cased names, folded lines unfolded.
 * @property {string} contentType The lower-cased media type, e.g. `text/plain`.
 * @property {string} text The body with base64 or quoted-printable undone.
 */

/**
 * @typedef {object} OutboxMessage
 * @property {string} file The file name in the outbox (they sort oldest first).
 * @property {string} raw The whole file.
 * @property {Record<string, string>} headers Lower-cased names, folded lines unfolded.
 * @property {string} subject
 * @property {string} to
 * @property {MailPart[]} parts Every leaf part, in order (text/plain before text/html).
 * @property {string} plain The text/plain part: what a mail client shows.
 * @property {string} text Every part's text (plain and HTML), for "the email says X" checks.
 */

const BLANK_LINE = /\r?\n\r?\n/;

/**
 * @param {string} block
 * @returns {Record<string, string>}
 */
function parseHeaders(block) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const index = line.indexOf(':');
    if (index > 0) headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

/**
 * @param {string} body
 * @param {string} encoding The Content-Transfer-Encoding header (may be empty).
 */
function decodeBody(body, encoding) {
  if (/base64/i.test(encoding)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * An entity's header block and body (separated by the first blank line).
 *
 * @param {string} entity
 */
function splitEntity(entity) {
  if (/^\r?\n/.test(entity)) return { headers: {}, body: entity.replace(/^\r?\n/, '') };
  const cut = entity.search(BLANK_LINE);
  if (cut < 0) return { headers: parseHeaders(entity), body: '' };
  return {
    headers: parseHeaders(entity.slice(0, cut)),
    body: entity.slice(cut).replace(BLANK_LINE, ''),
  };
}

/**
 * Splits an entity (headers, blank line, body) into its leaf parts, recursing into multiparts.
 *
 * @param {Record<string, string>} headers
 * @param {string} body
 * @returns {MailPart[]}
 */
function leafParts(headers, body) {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
    return [
      {
        headers,
        contentType: mediaType,
        text: decodeBody(body, headers['content-transfer-encoding'] ?? ''),
      },
    ];
  }
  // RFC 2046: the line break before a delimiter line belongs to the delimiter; the preamble
  // before the first delimiter and the epilogue after the closing one are not parts.
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  /** @type {MailPart[]} */
  const parts = [];
  let start = -1;
  for (const match of body.matchAll(delimiter)) {
    if (start >= 0) {
      const { headers: partHeaders, body: partBody } = splitEntity(body.slice(start, match.index));
      parts.push(...leafParts(partHeaders, partBody));
    }
    if (match[1]) break;
    start = match.index + match[0].length;
  }
  return parts;
}

/**
 * Parses one `.eml` file's text.
 *
 * @param {string} raw
 * @param {string} [file] The file name, kept on the message.
 * @returns {OutboxMessage}
 */
export function parseEml(raw, file = '') {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  const plain = parts.find((part) => part.contentType === 'text/plain');
  return {
    file,
    raw,
    headers,
    // Non-ASCII subjects (Arabic, Urdu, Turkish…) arrive as RFC 2047 encoded-words.
    subject: libmime.decodeWords(headers.subject ?? ''),
    to: headers.to ?? '',
    parts,
    plain: plain?.text ?? parts[0]?.text ?? '',
    text: parts.map((part) => part.text).join('\n'),
  };
}

/**
 * Every `.eml` file in `dir`, parsed, oldest first; none when the folder does not exist yet.
 *
 * @param {string} dir
 * @returns {OutboxMessage[]}
 */
export function readOutbox(dir) {
  let files;
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => parseEml(readFileSync(join(dir, file), 'utf8'), file));
}

/** One server's outbox folder. */
export class Outbox {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  /** Every message, oldest first. */
  all() {
    return readOutbox(this.dir);
  }

  /**
   * The messages whose To header contains `address` (case-insensitive), oldest first.
   *
   * @param {string} address
   */
  to(address) {
    const wanted = address.toLowerCase();
    return this.all().filter((message) => message.to.toLowerCase().includes(wanted));
  }

  /** @param {string} address */
  count(address) {
    return this.to(address).length;
  }

  /**
   * Waits for the next email to `address` beyond the `after` already seen, and returns it.
   *
   * @param {string} address
   * @param {{ after?: number, timeoutMs?: number }} [options]
   * @returns {Promise<OutboxMessage>}
   */
  async waitFor(address, { after = 0, timeoutMs = 10_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address);
      const last = found.at(-1);
      if (found.length > after && last) return last;
      if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
      await sleep(50);
    }
  }
}

/**
 * The first link in the message's text/plain part that starts with `prefix`, if any.
 *
 * @param {OutboxMessage} message
 * @param {string} prefix
 * @returns {string | undefined}
 */
export function findLink(message, prefix) {
  return message.plain.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
}

/**
 * Like `findLink`, but throws (showing the text) when there is no such link.
 *
 * @param {OutboxMessage} message
 * @param {string} prefix
 * @returns {string}
 */
export function linkIn(message, prefix) {
  const found = findLink(message, prefix);
  if (!found) throw new Error(`no link starting ${prefix} in:\n${message.plain}`);
  return found;
}
