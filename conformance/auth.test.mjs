// Drives the real @supabase/supabase-js against the real server: every auth call the site
// makes, with the shapes, events and error classes the client produces from our answers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AuthSessionMissingError,
  AuthWeakPasswordError,
  isAuthApiError,
} from '@supabase/supabase-js';
import { linkIn, startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
/** @type {import('./harness.mjs').ConformanceServer} */
let server;

before(async () => {
  // A 1 s reuse window keeps the "old token rejected after the window" check quick; no
  // minimum interval between emails to one address (the pytest suite covers that limit).
  server = await startServer({
    AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '1',
    AUTH_EMAIL_MIN_INTERVAL: '0',
  });
});
after(async () => server?.stop());

/**
 * Follows an email link like a browser would, returning the redirect target.
 *
 * @param {string} url
 */
async function openLink(url) {
  const res = await fetch(url, { redirect: 'manual' });
  assert.equal(res.status, 303);
  return new URL(res.headers.get('location'));
}

/** @param {URL} url */
function fragmentOf(url) {
  return Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
}

/** @param {string} email */
async function confirmedUser(email) {
  const client = server.client();
  const { error } = await client.auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  await openLink(linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`));
  return client;
}

describe('sign-up and email confirmation', () => {
  test('signUp returns a user without a session, the emailed link yields a session', async () => {
    const client = server.client();
    const email = 'signup@example.com';
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback`, data: { name: 'Maryam' } },
    });
    assert.equal(error, null);
    assert.equal(data.session, null);
    assert.equal(data.user.email, email);
    assert.equal(data.user.user_metadata.name, 'Maryam');
    assert.equal(data.user.identities.length, 1);

    const mail = await server.outbox.waitFor(email);
    const target = await openLink(linkIn(mail, `${server.url}/auth/v1/verify`));
    assert.equal(target.origin + target.pathname, `${server.url}/auth/callback`);
    const params = fragmentOf(target);
    assert.equal(params.type, 'signup');
    assert.equal(params.token_type, 'bearer');

    /** @type {string[]} */
    const events = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const set = await client.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    assert.equal(set.error, null);
    assert.equal(set.data.user.email, email);
    assert.ok(set.data.user.email_confirmed_at);
    await sleep(10);
    assert.ok(events.includes('SIGNED_IN'));
  });

  test('signing up again with a confirmed address answers as a new sign-up', async () => {
    await confirmedUser('again@example.com');
    const { data, error } = await server
      .client()
      .auth.signUp({ email: 'again@example.com', password: 'other password' });
    assert.equal(error, null);
    assert.equal(data.session, null);
    assert.equal(data.user.role, 'authenticated');
    assert.deepEqual(
      data.user.identities.map((identity) => identity.provider),
      ['email'],
    );
    const fresh = await server
      .client()
      .auth.signUp({ email: 'never-before@example.com', password: 'other password' });
    assert.deepEqual(Object.keys(data.user).sort(), Object.keys(fresh.data.user).sort());
  });

  test('the owner who confirms an address signed up before them owns it alone', async () => {
    const email = 'taken-early@example.com';
    const attacker = server.client();
    await attacker.auth.signUp({
      email,
      password: 'attacker chose this',
      options: { data: { name: 'Mallory' } },
    });
    await server.outbox.waitFor(email);
    const owner = server.client();
    await owner.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Owner' } } });
    const ownersMail = await server.outbox.waitFor(email, { after: 1 });
    await openLink(linkIn(ownersMail, `${server.url}/auth/v1/verify`));

    const refused = await attacker.auth.signInWithPassword({
      email,
      password: 'attacker chose this',
    });
    assert.ok(isAuthApiError(refused.error));
    assert.equal(refused.error.code, 'invalid_credentials');
    const signedIn = await owner.auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signedIn.error, null);
    assert.equal(signedIn.data.user.user_metadata.name, 'Owner');
    assert.equal(signedIn.data.user.factors ?? undefined, undefined);
  });

  test('PKCE: the link redirects with ?code= that exchangeCodeForSession accepts', async () => {
    const client = server.client({ auth: { flowType: 'pkce' } });
    const email = 'pkce@example.com';
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    const target = await openLink(
      linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`),
    );
    const code = target.searchParams.get('code');
    assert.ok(code);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    assert.equal(error, null);
    assert.equal(data.session.user.email, email);
  });
});

describe('password sign-in and the session', () => {
  test('signInWithPassword returns the contract user shape; getUser and updateUser work', async () => {
    const client = await confirmedUser('login@example.com');
    const { data, error } = await client.auth.signInWithPassword({
      email: 'login@example.com',
      password: PASSWORD,
    });
    assert.equal(error, null);
    const user = data.user;
    for (const key of /** @type {const} */ ([
      'id',
      'email',
      'aud',
      'email_confirmed_at',
      'last_sign_in_at',
      'created_at',
      'updated_at',
    ])) {
      assert.equal(typeof user[key], 'string', key);
    }
    assert.equal(user.phone, '');
    assert.equal(user.app_metadata.provider, 'email');
    assert.ok(data.session.expires_at > Date.now() / 1000);

    const got = await client.auth.getUser();
    assert.equal(got.data.user.id, user.id);

    const updated = await client.auth.updateUser({ data: { city: 'Cairo' } });
    assert.equal(updated.error, null);
    assert.equal(updated.data.user.user_metadata.city, 'Cairo');
  });

  test('wrong password is invalid_credentials; a short one is AuthWeakPasswordError', async () => {
    const client = await confirmedUser('errors@example.com');
    const wrong = await client.auth.signInWithPassword({
      email: 'errors@example.com',
      password: 'nope nope',
    });
    assert.ok(isAuthApiError(wrong.error));
    assert.equal(wrong.error.code, 'invalid_credentials');
    assert.equal(wrong.error.status, 400);
    assert.equal(wrong.error.message, 'Invalid login credentials');

    const weak = await server.client().auth.signUp({ email: 'weak@example.com', password: '123' });
    assert.ok(weak.error instanceof AuthWeakPasswordError);
    assert.equal(weak.error.code, 'weak_password');
    assert.deepEqual(weak.error.reasons, ['length']);
  });

  test('updateUser changes the password with current_password; the old one then fails', async () => {
    const client = await confirmedUser('change@example.com');
    await client.auth.signInWithPassword({ email: 'change@example.com', password: PASSWORD });
    const mismatch = await client.auth.updateUser({
      password: 'a new password',
      current_password: 'wrong one',
    });
    assert.equal(mismatch.error.code, 'current_password_mismatch');
    const ok = await client.auth.updateUser({
      password: 'a new password',
      current_password: PASSWORD,
    });
    assert.equal(ok.error, null);
    const old = await server
      .client()
      .auth.signInWithPassword({ email: 'change@example.com', password: PASSWORD });
    assert.equal(old.error.code, 'invalid_credentials');
    const fresh = await server
      .client()
      .auth.signInWithPassword({ email: 'change@example.com', password: 'a new password' });
    assert.equal(fresh.error, null);
  });

  test('refreshSession rotates; an old token is rejected after the reuse window', async () => {
    const client = await confirmedUser('refresh@example.com');
    const { data: signedIn } = await client.auth.signInWithPassword({
      email: 'refresh@example.com',
      password: PASSWORD,
    });
    const first = signedIn.session.refresh_token;
    /** @type {string[]} */
    const events = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    await sleep(1100); // access tokens carry iat in seconds, as Supabase's own live tests allow for
    const one = await client.auth.refreshSession();
    assert.equal(one.error, null);
    assert.notEqual(one.data.session.refresh_token, first);
    assert.notEqual(one.data.session.access_token, signedIn.session.access_token);
    const two = await client.auth.refreshSession();
    assert.equal(two.error, null);
    await sleep(10);
    assert.ok(events.includes('TOKEN_REFRESHED'));

    await sleep(1500); // past the 1 s reuse window
    const replay = await server.client().auth.refreshSession({ refresh_token: first });
    assert.equal(replay.error.code, 'refresh_token_already_used');
    // The replay ended the session: the client holding it is signed out on its next check.
    const after = await client.auth.getUser();
    assert.ok(after.error instanceof AuthSessionMissingError);
    const { data: local } = await client.auth.getSession();
    assert.equal(local.session, null);
  });
});

describe('sign-out scopes', () => {
  /** @param {string} email */
  async function twoSessions(email) {
    const a = await confirmedUser(email);
    await a.auth.signInWithPassword({ email, password: PASSWORD });
    const b = server.client();
    await b.auth.signInWithPassword({ email, password: PASSWORD });
    return [a, b];
  }

  test('local signs out only this device', async () => {
    const [a, b] = await twoSessions('local@example.com');
    assert.equal((await a.auth.signOut({ scope: 'local' })).error, null);
    assert.equal((await a.auth.getSession()).data.session, null);
    assert.equal((await b.auth.getUser()).error, null);
  });

  test('others keeps this device and ends the rest', async () => {
    const [a, b] = await twoSessions('others@example.com');
    assert.equal((await a.auth.signOut({ scope: 'others' })).error, null);
    assert.equal((await a.auth.getUser()).error, null);
    const gone = await b.auth.getUser();
    assert.ok(gone.error instanceof AuthSessionMissingError);
  });

  test('global (the default) ends every session', async () => {
    const [a, b] = await twoSessions('global@example.com');
    /** @type {string[]} */
    const events = [];
    a.auth.onAuthStateChange((event) => events.push(event));
    assert.equal((await a.auth.signOut()).error, null);
    await sleep(10);
    assert.ok(events.includes('SIGNED_OUT'));
    assert.ok((await b.auth.getUser()).error instanceof AuthSessionMissingError);
    // Signing out again with a dead session is not an error for the client.
    assert.equal((await b.auth.signOut()).error, null);
  });
});

describe('password recovery', () => {
  test('reset email, recovery link, PASSWORD_RECOVERY session, new password', async () => {
    await confirmedUser('reset@example.com');
    const client = server.client();
    const before = server.outbox.count('reset@example.com');
    const { data, error } = await client.auth.resetPasswordForEmail('reset@example.com', {
      redirectTo: `${server.url}/auth/reset-password`,
    });
    assert.equal(error, null);
    assert.deepEqual(data, {});
    const unknown = await client.auth.resetPasswordForEmail('nobody-here@example.com');
    assert.deepEqual(unknown.data, {});

    const mail = await server.outbox.waitFor('reset@example.com', { after: before });
    const target = await openLink(linkIn(mail, `${server.url}/auth/v1/verify`));
    assert.equal(target.pathname, '/auth/reset-password');
    const params = fragmentOf(target);
    assert.equal(params.type, 'recovery');

    const set = await client.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    assert.equal(set.error, null);
    const changed = await client.auth.updateUser({ password: 'recovered password' });
    assert.equal(changed.error, null);
    const login = await server
      .client()
      .auth.signInWithPassword({ email: 'reset@example.com', password: 'recovered password' });
    assert.equal(login.error, null);
  });

  test('verifyOtp with the token hash emits PASSWORD_RECOVERY', async () => {
    await confirmedUser('otp@example.com');
    const client = server.client();
    const before = server.outbox.count('otp@example.com');
    await client.auth.resetPasswordForEmail('otp@example.com');
    const link = new URL(
      linkIn(
        await server.outbox.waitFor('otp@example.com', { after: before }),
        `${server.url}/auth/v1/verify`,
      ),
    );
    /** @type {string[]} */
    const events = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token'),
    });
    assert.equal(error, null);
    assert.equal(data.user.email, 'otp@example.com');
    await sleep(10);
    assert.ok(events.includes('PASSWORD_RECOVERY'));
  });
});
