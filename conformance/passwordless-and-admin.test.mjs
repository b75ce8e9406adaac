// Passwordless sign-in and the admin API through the real @supabase/supabase-js: sign-in links
// and codes (`signInWithOtp`, `verifyOtp`), generated links and invitations (`auth.admin` with
// the service_role key), the users list and its pagination, anonymous sign-in (off by default,
// and on in a second server), and the features that are switched off answering as Supabase does.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { outboxSent } from '../testing/server.js';
import { createClient, isAuthApiError } from '@supabase/supabase-js';
import { linkIn, startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
const BRAND = 'noor';
const INVALID_EMAIL = 'Unable to validate email address: invalid format';
/** @type {import('./harness.mjs').ConformanceServer} */
let server;
/**
 * The same settings with AUTH_ANONYMOUS on.
 *
 * @type {import('./harness.mjs').ConformanceServer}
 */
let anonymous;

before(async () => {
  const settings = { AUTH_EMAIL_MIN_INTERVAL: '0', BRAND_NAME: BRAND };
  server = await startServer(settings);
  anonymous = await startServer({ ...settings, AUTH_ANONYMOUS: 'true' });
});
after(async () => {
  await server?.stop();
  await anonymous?.stop();
});

/**
 * The admin API as a backend holding the service_role key has it.
 *
 * @param {import('./harness.mjs').ConformanceServer} [on]
 */
function admin(on = server) {
  return createClient(on.url, on.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }).auth.admin;
}

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

/**
 * The 6-digit code a sign-in email carries next to its link.
 *
 * @param {import('../testing/outbox.js').OutboxMessage} message
 */
function codeIn(message) {
  const code = message.plain.match(/Or enter this code: (\d{6})\b/)?.[1];
  assert.ok(code, message.plain);
  return code;
}

/**
 * A confirmed account with a password, made with the admin API (no email).
 *
 * @param {string} email
 * @param {import('./harness.mjs').ConformanceServer} [on]
 */
async function confirmedUser(email, on = server) {
  const { data, error } = await admin(on).createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  assert.equal(error, null);
  return data.user;
}

/**
 * A client signed in with the fragment of a link's landing page.
 *
 * @param {Record<string, string>} params
 * @param {import('./harness.mjs').ConformanceServer} [on]
 */
async function signedInWith(params, on = server) {
  const client = on.client();
  const { data, error } = await client.auth.setSession({
    access_token: params.access_token,
    refresh_token: params.refresh_token,
  });
  assert.equal(error, null);
  return { client, user: data.user };
}

describe('sign-in links and codes (signInWithOtp)', () => {
  test('the email holds a magiclink link that signs in once, and a 6-digit code', async () => {
    const email = 'link@example.com';
    const user = await confirmedUser(email);
    const asked = await server.client().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    assert.deepEqual(asked, { data: { user: null, session: null }, error: null });

    const mail = await server.outbox.waitFor(email);
    assert.equal(mail.subject, `Your ${BRAND} sign-in link`);
    const code = codeIn(mail);
    const link = linkIn(mail, `${server.url}/auth/v1/verify`);
    assert.equal(new URL(link).searchParams.get('type'), 'magiclink');

    const target = await openLink(link);
    assert.equal(target.origin + target.pathname, `${server.url}/auth/callback`);
    const params = fragmentOf(target);
    assert.equal(params.type, 'magiclink');
    assert.ok(params.access_token);
    const signedIn = await signedInWith(params);
    assert.equal(signedIn.user.id, user.id);

    const again = fragmentOf(await openLink(link));
    assert.equal(again.error_code, 'otp_expired');
    assert.equal(again.access_token, undefined);
    // The code is the link's other half: spent with it.
    const byCode = await server.client().auth.verifyOtp({ email, token: code, type: 'email' });
    assert.equal(byCode.error?.code, 'otp_expired');
  });

  test('verifyOtp takes the code once (type email); a second use is otp_expired', async () => {
    const email = 'code@example.com';
    const user = await confirmedUser(email);
    const { error } = await server.client().auth.signInWithOtp({ email });
    assert.equal(error, null);
    const code = codeIn(await server.outbox.waitFor(email));

    const client = server.client();
    const { data, error: failed } = await client.auth.verifyOtp({
      email,
      token: code,
      type: 'email',
    });
    assert.equal(failed, null);
    assert.equal(data.user.id, user.id);
    assert.ok(data.session.access_token);
    assert.equal((await client.auth.getUser()).data.user.email, email);

    const again = await server.client().auth.verifyOtp({ email, token: code, type: 'email' });
    assert.ok(isAuthApiError(again.error));
    assert.equal(again.error.code, 'otp_expired');
    assert.equal(again.error.status, 403);
    assert.equal(again.data.session, null);
  });

  test('shouldCreateUser: false answers an unknown address as a known one, and sends nothing', async () => {
    const known = 'known.otp@example.com';
    const unknown = 'unknown.otp@example.com';
    await confirmedUser(known);
    const client = server.client();
    const forUnknown = await client.auth.signInWithOtp({
      email: unknown,
      options: { shouldCreateUser: false },
    });
    const forKnown = await client.auth.signInWithOtp({
      email: known,
      options: { shouldCreateUser: false },
    });
    assert.deepEqual(forUnknown, { data: { user: null, session: null }, error: null });
    assert.deepEqual(forUnknown, forKnown);

    // The known address's email was asked for after the unknown one's would have been.
    await server.outbox.waitFor(known);
    await outboxSent(server, unknown);
    assert.equal(server.outbox.count(unknown), 0);
    const { data } = await admin().listUsers();
    assert.ok(!data.users.some((user) => user.email === unknown));
  });

  test('by default an unknown address gets an account; its link signs in, confirmed, with data', async () => {
    const email = 'new.otp@example.com';
    const asked = await server.client().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${server.url}/auth/callback`, data: { name: 'Yusuf' } },
    });
    assert.deepEqual(asked, { data: { user: null, session: null }, error: null });

    const mail = await server.outbox.waitFor(email);
    assert.equal(mail.subject, `Your ${BRAND} sign-in link`);
    const params = fragmentOf(await openLink(linkIn(mail, `${server.url}/auth/v1/verify`)));
    assert.equal(params.type, 'magiclink');
    const { user } = await signedInWith(params);
    assert.equal(user.email, email);
    assert.ok(user.email_confirmed_at);
    assert.equal(user.user_metadata.name, 'Yusuf');
  });
});

describe('admin.generateLink', () => {
  test('signup: the link, code and hashed token, nothing emailed; verifyOtp takes the hash', async () => {
    const email = 'generated@example.com';
    const redirectTo = `${server.url}/auth/welcome`;
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { data: { name: 'Khadija' }, redirectTo },
    });
    assert.equal(error, null);
    const { properties, user } = data;
    assert.ok(properties.action_link.startsWith(`${server.url}/auth/v1/verify?token=`));
    assert.ok(properties.action_link.includes('type=signup'), properties.action_link);
    assert.ok(properties.action_link.includes(`redirect_to=${redirectTo}`), properties.action_link);
    assert.match(properties.email_otp, /^\d{6}$/);
    assert.equal(typeof properties.hashed_token, 'string');
    assert.ok(properties.hashed_token);
    assert.equal(properties.verification_type, 'signup');
    assert.equal(properties.redirect_to, redirectTo);
    assert.equal(user.email, email);
    assert.equal(user.user_metadata.name, 'Khadija');
    assert.equal(user.email_confirmed_at, undefined);

    await outboxSent(server, email);
    assert.equal(server.outbox.count(email), 0);

    const client = server.client();
    const verified = await client.auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: 'signup',
    });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user.id, user.id);
    assert.ok(verified.data.user.email_confirmed_at);
    assert.ok(verified.data.session.access_token);
    // The password given to generateLink is the account's.
    const login = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(login.error, null);
  });

  test('magiclink for an existing account: its action_link signs in', async () => {
    const email = 'generated.magic@example.com';
    const existing = await confirmedUser(email);
    const { data, error } = await admin().generateLink({ type: 'magiclink', email });
    assert.equal(error, null);
    assert.equal(data.user.id, existing.id);
    assert.equal(data.properties.verification_type, 'magiclink');
    assert.ok(data.properties.action_link.includes('type=magiclink'));
    const params = fragmentOf(await openLink(data.properties.action_link));
    assert.equal(params.type, 'magiclink');
    assert.equal((await signedInWith(params)).user.id, existing.id);
    assert.equal(server.outbox.count(email), 0);
  });

  test('an invalid email is refused with no properties and no user', async () => {
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email: 'not-an-email',
      password: PASSWORD,
    });
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, INVALID_EMAIL);
    assert.deepEqual(data, { properties: null, user: null });
  });
});

describe('admin.inviteUserByEmail', () => {
  test('the invitation link signs the person in to choose a password', async () => {
    const email = 'invited@example.com';
    const redirectTo = `${server.url}/auth/welcome`;
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { name: 'Bilal' },
      redirectTo,
    });
    assert.equal(error, null);
    assert.equal(data.user.email, email);
    assert.ok(data.user.invited_at);
    assert.equal(data.user.user_metadata.name, 'Bilal');

    const mail = await server.outbox.waitFor(email);
    assert.equal(mail.subject, `You have been invited to ${BRAND}`);
    const link = linkIn(mail, `${server.url}/auth/v1/verify`);
    assert.equal(new URL(link).searchParams.get('type'), 'invite');
    const target = await openLink(link);
    assert.equal(target.origin + target.pathname, redirectTo);
    const params = fragmentOf(target);
    assert.equal(params.type, 'invite');

    const { client, user } = await signedInWith(params);
    assert.equal(user.id, data.user.id);
    assert.ok(user.email_confirmed_at);
    const chosen = await client.auth.updateUser({ password: 'my chosen password' });
    assert.equal(chosen.error, null);
    const login = await server
      .client()
      .auth.signInWithPassword({ email, password: 'my chosen password' });
    assert.equal(login.error, null);
    assert.equal(login.data.user.id, data.user.id);
  });

  test('an invalid email is refused', async () => {
    const { data, error } = await admin().inviteUserByEmail('not-an-email');
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, INVALID_EMAIL);
    assert.equal(data.user, null);
  });
});

describe('admin.listUsers', () => {
  /**
   * One page of `listUsers`, the test failing if it answered an error.
   *
   * @param {{ page?: number, perPage?: number }} [params]
   */
  async function usersPage(params) {
    const { data, error } = await admin().listUsers(params);
    assert.equal(error, null);
    assert.ok('total' in data);
    return data;
  }

  test('every user and the total; pages of two cover the same users', async () => {
    for (const email of ['list.a@example.com', 'list.b@example.com', 'list.c@example.com']) {
      await confirmedUser(email);
    }
    const all = await usersPage();
    const { total } = all;
    assert.equal(total, all.users.length);
    assert.ok(total >= 3);
    assert.equal(all.lastPage, 1);
    assert.equal(all.nextPage, null);
    // supabase-js reads only the first digit of a page number in the Link header.
    assert.ok(total < 20, `${total} users: pages of two would reach page 10`);

    const lastPage = Math.ceil(total / 2);
    const first = await usersPage({ page: 1, perPage: 2 });
    assert.equal(first.users.length, 2);
    assert.equal(first.total, total);
    assert.equal(first.nextPage, 2);
    assert.equal(first.lastPage, lastPage);

    /** @type {string[]} */
    const paged = [];
    for (let page = 1; page <= lastPage; page += 1) {
      const { users, nextPage } = await usersPage({ page, perPage: 2 });
      assert.equal(nextPage, page < lastPage ? page + 1 : null);
      paged.push(...users.map((user) => user.id));
    }
    assert.deepEqual(paged.sort(), all.users.map((user) => user.id).sort());
  });

  test('a negative page is an error', async () => {
    const { data, error } = await admin().listUsers({ page: -1 });
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, 'Bad Pagination Parameters');
    assert.equal(error.status, 400);
    assert.deepEqual(data.users, []);
  });
});

/**
 * GET /auth/v1/settings as an app reads it (supabase-js has no getter for it).
 *
 * @param {import('./harness.mjs').ConformanceServer} on
 */
async function externalSettings(on) {
  const res = await fetch(`${on.url}/auth/v1/settings`, { headers: { apikey: on.anonKey } });
  assert.equal(res.status, 200);
  return /** @type {{ external: Record<string, boolean> }} */ (await res.json()).external;
}

describe('anonymous sign-in', () => {
  test('GET /settings reports external.anonymous_users as AUTH_ANONYMOUS is', async () => {
    assert.equal((await externalSettings(server)).anonymous_users, false);
    assert.equal((await externalSettings(anonymous)).anonymous_users, true);
  });

  test('off by default: anonymous_provider_disabled and no session', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signInAnonymously();
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, 'Anonymous sign-ins are disabled');
    assert.equal(error.code, 'anonymous_provider_disabled');
    assert.equal(data.session, null);
    assert.equal((await client.auth.getSession()).data.session, null);
  });

  test('on: a session for an anonymous user, with the metadata asked for', async () => {
    const client = anonymous.client();
    const { data, error } = await client.auth.signInAnonymously({
      options: { data: { theme: 'dark' } },
    });
    assert.equal(error, null);
    assert.ok(data.session.access_token);
    assert.equal(data.user.is_anonymous, true);
    assert.equal(data.user.user_metadata.theme, 'dark');
    const got = await client.auth.getUser();
    assert.equal(got.data.user.id, data.user.id);
    assert.equal(got.data.user.is_anonymous, true);
  });

  test('a password needs an address first', async () => {
    const client = anonymous.client();
    assert.equal((await client.auth.signInAnonymously()).error, null);
    const { error } = await client.auth.updateUser({ password: 'an anonymous password' });
    assert.ok(isAuthApiError(error));
    assert.equal(
      error.message,
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  });

  test('updateUser({email}) emails the new address only; its link makes the user permanent', async () => {
    const email = 'was.anonymous@example.com';
    const client = anonymous.client();
    const signedIn = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    assert.equal(signedIn.error, null);
    const before = anonymous.outbox.all().length;

    const asked = await client.auth.updateUser(
      { email },
      { emailRedirectTo: `${anonymous.url}/auth/callback` },
    );
    assert.equal(asked.error, null);
    assert.equal(asked.data.user.new_email, email);
    assert.equal(asked.data.user.is_anonymous, true);

    const mail = await anonymous.outbox.waitFor(email);
    assert.equal(mail.subject, `Confirm your new ${BRAND} email address`);
    await outboxSent(anonymous);
    assert.equal(anonymous.outbox.all().length, before + 1);

    const params = fragmentOf(await openLink(linkIn(mail, `${anonymous.url}/auth/v1/verify`)));
    assert.equal(params.type, 'email_change');
    const { data, error } = await client.auth.getUser();
    assert.equal(error, null);
    assert.equal(data.user.id, signedIn.data.user.id);
    assert.equal(data.user.is_anonymous, false);
    assert.equal(data.user.email, email);
    assert.ok(data.user.email_confirmed_at);
    assert.equal(data.user.user_metadata.theme, 'dark');
  });
});

describe('what is off', () => {
  test('signInWithSSO: SAML 2.0 is disabled', async () => {
    const { data, error } = await server.client().auth.signInWithSSO({ domain: 'example.com' });
    assert.equal(data, null);
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, 'SAML 2.0 is disabled');
    assert.equal(error.code, 'saml_provider_disabled');
  });

  test('signInWithIdToken for a provider not configured: provider_disabled', async () => {
    const { data, error } = await server
      .client()
      .auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, 'Provider (issuer "https://accounts.google.com") is not enabled');
    assert.equal(error.code, 'provider_disabled');
    assert.equal(data.session, null);
  });

  test('linkIdentity when signed in: manual_linking_disabled', async () => {
    const email = 'linking.off@example.com';
    await confirmedUser(email);
    const client = server.client();
    assert.equal((await client.auth.signInWithPassword({ email, password: PASSWORD })).error, null);
    const { error } = await client.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    assert.ok(isAuthApiError(error));
    assert.equal(error.message, 'Manual linking is disabled');
    assert.equal(error.code, 'manual_linking_disabled');
  });

  test("admin.mfa.listFactors: the user's factors; an unknown user is an error", async () => {
    const email = 'factors@example.com';
    const user = await confirmedUser(email);
    const fresh = await admin().mfa.listFactors({ userId: user.id });
    assert.equal(fresh.error, null);
    assert.deepEqual(fresh.data.factors, []);

    const client = server.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    assert.equal(enrolled.error, null);
    const listed = await admin().mfa.listFactors({ userId: user.id });
    assert.equal(listed.error, null);
    assert.deepEqual(
      listed.data.factors.map((factor) => [factor.id, factor.factor_type, factor.status]),
      [[enrolled.data.id, 'totp', 'unverified']],
    );

    const unknown = await admin().mfa.listFactors({
      userId: '00000000-0000-4000-8000-000000000000',
    });
    assert.ok(isAuthApiError(unknown.error));
    assert.equal(unknown.error.code, 'user_not_found');
    assert.equal(unknown.data, null);
  });
});
