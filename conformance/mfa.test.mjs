// Two-factor authentication through the real @supabase/supabase-js: authenticator-app (TOTP)
// factors, the assurance levels and events the client derives from our answers, and the
// (experimental) recovery codes. Codes are computed from the enrolment's secret with `otpauth`,
// as an authenticator app would. A code is accepted once per 30-second step (the server takes
// one step of drift either way), so a second verification uses the next step's code.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAuthApiError } from '@supabase/supabase-js';
import { Secret, TOTP, URI } from 'otpauth';
import { linkIn, startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
// Opt-in in supabase-js 2.119: without it `mfa.recoveryCodes.*` throw.
const RECOVERY_CODES = { auth: { experimental: { recoveryCodes: true } } };
/** @type {import('./harness.mjs').ConformanceServer} */
let server;

before(async () => {
  server = await startServer({ AUTH_EMAIL_MIN_INTERVAL: '0' });
});
after(async () => server?.stop());

/**
 * Signs up `email`, follows the confirmation link, and returns a client signed in with the
 * password (aal1).
 *
 * @param {string} email
 */
async function confirmedAndSignedIn(email) {
  const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  const link = linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`);
  assert.equal((await fetch(link, { redirect: 'manual' })).status, 303);
  return signIn(email);
}

/**
 * A fresh client (a new device) signed in with the password, with recovery codes enabled.
 *
 * @param {string} email
 */
async function signIn(email) {
  const client = server.client(RECOVERY_CODES);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(error, null);
  return client;
}

/** @param {string} secret The base32 secret an enrolment returns. */
function authenticator(secret) {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
}

/**
 * A confirmed user with a verified TOTP factor (verified with the current step's code).
 *
 * @param {string} email
 */
async function withTwoFactor(email) {
  const client = await confirmedAndSignedIn(email);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  assert.equal(enrolled.error, null);
  const totp = authenticator(enrolled.data.totp.secret);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totp.generate(),
  });
  assert.equal(verified.error, null);
  return { client, factorId: enrolled.data.id, totp };
}

/** @param {import('@supabase/supabase-js').SupabaseClient} client */
async function assurance(client) {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(error, null);
  return {
    currentLevel: data.currentLevel,
    nextLevel: data.nextLevel,
    // Supabase Auth writes the detailed form, { method, timestamp }, not bare strings.
    methods: data.currentAuthenticationMethods.map((entry) => {
      assert.ok(typeof entry === 'object', `amr entry ${entry} is not { method, timestamp }`);
      assert.equal(typeof entry.timestamp, 'number');
      return entry.method;
    }),
  };
}

/**
 * @param {{ error: unknown }} result
 * @param {string} code
 */
function assertApiError(result, code) {
  assert.ok(isAuthApiError(result.error), `expected an AuthApiError, got ${result.error}`);
  assert.equal(result.error.code, code);
}

describe('authenticator-app factors', () => {
  test('enroll → challenge → verify reaches aal2 and fires MFA_CHALLENGE_VERIFIED', async () => {
    const email = 'totp@example.com';
    const client = await confirmedAndSignedIn(email);
    assert.deepEqual(await assurance(client), {
      currentLevel: 'aal1',
      nextLevel: 'aal1',
      methods: ['password'],
    });

    const enrolled = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'My phone',
    });
    assert.equal(enrolled.error, null);
    const { id: factorId, type, friendly_name: name, totp: details } = enrolled.data;
    assert.equal(type, 'totp');
    assert.equal(name, 'My phone');
    assert.ok(details.qr_code.startsWith('data:image/svg+xml;utf-8,<svg'), details.qr_code);
    assert.match(details.qr_code, /<\/svg>\s*$/);
    assert.ok(!details.qr_code.includes('#'), 'a # would end the data: URI early');
    assert.match(details.secret, /^[A-Z2-7]{16,}$/);
    // What an authenticator app scans: the same secret, the address as the label.
    const scanned = URI.parse(details.uri);
    assert.ok(scanned instanceof TOTP);
    assert.equal(scanned.secret.base32, details.secret);
    assert.equal(scanned.label, email);

    // Unverified, it is listed in `all` only and does not raise the next level.
    const pending = await client.auth.mfa.listFactors();
    assert.equal(pending.error, null);
    assert.deepEqual(
      pending.data.all.map((factor) => [factor.id, factor.status]),
      [[factorId, 'unverified']],
    );
    assert.deepEqual(pending.data.totp, []);

    /** @type {string[]} */
    const events = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const challenge = await client.auth.mfa.challenge({ factorId });
    assert.equal(challenge.error, null);
    assert.equal(challenge.data.type, 'totp');
    assert.ok(challenge.data.expires_at > Date.now() / 1000);

    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data.id,
      code: authenticator(details.secret).generate(),
    });
    assert.equal(verified.error, null);
    assert.ok(verified.data.access_token);
    assert.ok(verified.data.refresh_token);
    await sleep(10);
    assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'), events.join());

    const listed = await client.auth.mfa.listFactors();
    assert.equal(listed.error, null);
    assert.deepEqual(
      listed.data.totp.map((factor) => [factor.id, factor.factor_type, factor.status]),
      [[factorId, 'totp', 'verified']],
    );
    assert.equal(listed.data.totp[0].friendly_name, 'My phone');

    const level = await assurance(client);
    assert.equal(level.currentLevel, 'aal2');
    assert.equal(level.nextLevel, 'aal2');
    assert.ok(level.methods.includes('totp'), level.methods.join());
    assert.ok(level.methods.includes('password'), level.methods.join());

    const mail = await server.outbox.waitFor(email, { after: 1 });
    assert.match(mail.subject, /^Two-factor authentication was turned on/);
  });

  test('signing in again is aal1 until challengeAndVerify; a used code is refused', async () => {
    const email = 'again-totp@example.com';
    const { factorId, totp } = await withTwoFactor(email);

    const device = await signIn(email);
    assert.deepEqual(await assurance(device), {
      currentLevel: 'aal1',
      nextLevel: 'aal2',
      methods: ['password'],
    });

    // The current step's code was spent enrolling: the next step's is still accepted.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await device.auth.mfa.challengeAndVerify({ factorId, code });
    assert.equal(verified.error, null);
    const level = await assurance(device);
    assert.equal(level.currentLevel, 'aal2');
    assert.ok(level.methods.includes('totp'), level.methods.join());

    const replay = await device.auth.mfa.challengeAndVerify({ factorId, code });
    assertApiError(replay, 'mfa_verification_failed');
    assert.equal(replay.data, null);
  });

  test("signOut({ scope: 'others' }) and signOut() from an aal1 device leave aal2 devices signed in", async () => {
    const email = 'aal1-signout@example.com';
    const { client: owner } = await withTwoFactor(email);
    const passwordOnly = await signIn(email);
    const other = await signIn(email);
    assert.equal((await passwordOnly.auth.signOut({ scope: 'others' })).error, null);
    // The owner's aal2 session still answers and refreshes; the other aal1 one is gone.
    assert.equal((await owner.auth.getUser()).error, null);
    const refreshed = await owner.auth.refreshSession();
    assert.equal(refreshed.error, null);
    assert.equal((await assurance(owner)).currentLevel, 'aal2');
    assert.notEqual((await other.auth.getUser()).error, null);
    // The default (global) scope from aal1 ends that session, not the owner's.
    assert.equal((await passwordOnly.auth.signOut()).error, null);
    assert.equal((await owner.auth.getUser()).error, null);
  });

  test('phone factors are not enabled', async () => {
    const client = await confirmedAndSignedIn('phone-factor@example.com');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    assertApiError(enrolled, 'mfa_phone_enroll_not_enabled');
    const listed = await client.auth.mfa.listFactors();
    assert.deepEqual(listed.data.all, []);
  });
});

describe('recovery codes (experimental in supabase-js)', () => {
  test('generate, status, and a code once stands in for the authenticator', async () => {
    const email = 'recovery@example.com';
    const { client } = await withTwoFactor(email);

    const generated = await client.auth.mfa.recoveryCodes.generate();
    assert.equal(generated.error, null);
    assert.equal(generated.data.type, 'recovery_code');
    assert.equal(generated.data.total, 10);
    assert.equal(generated.data.codes.length, 10);
    assert.equal(new Set(generated.data.codes).size, 10);
    for (const code of generated.data.codes) assert.match(code, /^[a-z0-9]{16}$/);

    const status = await client.auth.mfa.recoveryCodes.getStatus();
    assert.equal(status.error, null);
    assert.deepEqual(status.data, {
      id: generated.data.id,
      type: 'recovery_code',
      total: 10,
      remaining: 10,
    });

    // A lost phone: a new device signs in with the password and types a code, grouped.
    const device = await signIn(email);
    assert.equal((await assurance(device)).currentLevel, 'aal1');
    /** @type {string[]} */
    const events = [];
    device.auth.onAuthStateChange((event) => events.push(event));
    const code = generated.data.codes[0];
    const typed = code.toUpperCase().match(/.{4}/g).join('-');
    const verified = await device.auth.mfa.recoveryCodes.verify({ code: typed });
    assert.equal(verified.error, null);
    await sleep(10);
    assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'), events.join());
    const level = await assurance(device);
    assert.equal(level.currentLevel, 'aal2');
    assert.ok(level.methods.includes('mfa/recovery_code'), level.methods.join());

    const spent = await device.auth.mfa.recoveryCodes.getStatus();
    assert.equal(spent.data.remaining, 9);

    const another = await signIn(email);
    const replay = await another.auth.mfa.recoveryCodes.verify({ code });
    assertApiError(replay, 'mfa_verification_failed');
    assert.equal((await assurance(another)).currentLevel, 'aal1');
  });
});

describe('turning two-factor off', () => {
  test('unenroll needs aal2, takes the recovery codes along, and both emails are sent', async () => {
    const email = 'off@example.com';
    const { client, factorId } = await withTwoFactor(email);
    const generated = await client.auth.mfa.recoveryCodes.generate();
    assert.equal(generated.error, null);

    const aal1 = await signIn(email);
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    assertApiError(refused, 'insufficient_aal');

    const removed = await client.auth.mfa.unenroll({ factorId });
    assert.equal(removed.error, null);
    assert.equal(removed.data.id, factorId);

    const listed = await client.auth.mfa.listFactors();
    assert.equal(listed.error, null);
    assert.deepEqual(listed.data.all, []);
    assert.deepEqual(listed.data.recovery_code, []);
    const status = await client.auth.mfa.recoveryCodes.getStatus();
    assertApiError(status, 'mfa_factor_not_found');

    // The session is downgraded: the next token says aal1, and nothing more is needed.
    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null);
    const level = await assurance(client);
    assert.equal(level.currentLevel, 'aal1');
    assert.equal(level.nextLevel, 'aal1');

    await server.outbox.waitFor(email, { after: 2 });
    const notices = server.outbox
      .to(email)
      .map((message) => message.subject)
      .filter((subject) => subject.startsWith('Two-factor authentication was turned'));
    assert.equal(notices.length, 2, notices.join('\n'));
    assert.match(notices[0], /^Two-factor authentication was turned on/);
    assert.match(notices[1], /^Two-factor authentication was turned off/);
  });

  test('a downgraded session no longer lists the removed factor in amr', async () => {
    const { client, factorId } = await withTwoFactor('off-amr@example.com');
    const removed = await client.auth.mfa.unenroll({ factorId });
    assert.equal(removed.error, null);
    assert.equal((await client.auth.refreshSession()).error, null);
    assert.deepEqual(await assurance(client), {
      currentLevel: 'aal1',
      nextLevel: 'aal1',
      methods: ['password'],
    });
  });
});
