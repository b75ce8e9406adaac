// The account's sensitive changes through the real @supabase/supabase-js: `reauthenticate()`
// and the emailed code (the nonce) standing in for the current password, and `updateUser({email})`
// with Supabase's secure email change, which needs the links sent to both addresses.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { linkIn, startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
const HALFWAY =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
/** @type {import('./harness.mjs').ConformanceServer} */
let server;

before(async () => {
  server = await startServer({ AUTH_EMAIL_MIN_INTERVAL: '0', BRAND_NAME: 'noor' });
});
after(async () => server?.stop());

/** @param {string} email */
async function confirmedAndSignedIn(email) {
  const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  const link = linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`);
  assert.equal((await fetch(link, { redirect: 'manual' })).status, 303);
  const client = server.client();
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signedIn.error, null);
  return client;
}

/**
 * Opens an emailed link as a browser would; returns the fragment of where it lands.
 *
 * @param {string} link
 */
async function open(link) {
  const res = await fetch(link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const landing = new URL(res.headers.get('location') ?? '');
  return Object.fromEntries(new URLSearchParams(landing.hash.slice(1)));
}

describe('reauthentication', () => {
  test('reauthenticate() emails a code that updateUser takes as the nonce, once', async () => {
    const email = 'nonce@example.com';
    const client = await confirmedAndSignedIn(email);
    const seen = server.outbox.count(email);
    const sent = await client.auth.reauthenticate();
    assert.equal(sent.error, null);
    const message = await server.outbox.waitFor(email, { after: seen });
    assert.equal(message.subject, 'Your noor confirmation code');
    const nonce = message.plain.match(/^(\d{6})$/m)?.[1];
    assert.ok(nonce, message.plain);

    const changed = await client.auth.updateUser({ password: 'a brand new password', nonce });
    assert.equal(changed.error, null);
    const again = await client.auth.updateUser({ password: 'yet another password', nonce });
    assert.equal(again.error?.code, 'reauthentication_not_valid');
    assert.equal(again.error?.status, 422);
  });
});

describe('secure email change', () => {
  test('updateUser({email}) changes the address only after both links', async () => {
    const [before, after] = ['old.address@example.com', 'new.address@example.com'];
    const client = await confirmedAndSignedIn(before);
    const seen = server.outbox.count(before);
    const events = /** @type {string[]} */ ([]);
    client.auth.onAuthStateChange((event) => events.push(event));

    const asked = await client.auth.updateUser(
      { email: after },
      { emailRedirectTo: `${server.url}/auth/callback` },
    );
    assert.equal(asked.error, null);
    assert.equal(asked.data.user?.email, before);
    assert.equal(asked.data.user?.new_email, after);
    assert.ok(events.includes('USER_UPDATED'));

    const toOld = await server.outbox.waitFor(before, { after: seen });
    const toNew = await server.outbox.waitFor(after);
    assert.equal(toOld.subject, 'Confirm the change of your noor email address');
    assert.equal(toNew.subject, 'Confirm your new noor email address');

    const first = await open(linkIn(toOld, `${server.url}/auth/v1/verify`));
    assert.equal(first.message, HALFWAY);
    assert.equal((await client.auth.getUser()).data.user?.email, before);

    const second = await open(linkIn(toNew, `${server.url}/auth/v1/verify`));
    assert.equal(second.type, 'email_change');
    const { data, error } = await client.auth.setSession({
      access_token: second.access_token,
      refresh_token: second.refresh_token,
    });
    assert.equal(error, null);
    assert.equal(data.user?.email, after);

    const told = await server.outbox.waitFor(before, { after: seen + 1 });
    assert.equal(told.subject, 'Your noor email address was changed');
    const fresh = server.client();
    const signedIn = await fresh.auth.signInWithPassword({ email: after, password: 'wrong' });
    assert.equal(signedIn.error?.code, 'invalid_credentials');
    const withNew = await fresh.auth.signInWithPassword({ email: after, password: PASSWORD });
    assert.equal(withNew.error, null);
  });

  test('an address another account uses is refused as email_exists', async () => {
    await confirmedAndSignedIn('occupied@example.com');
    const client = await confirmedAndSignedIn('wants.it@example.com');
    const { error } = await client.auth.updateUser({ email: 'occupied@example.com' });
    assert.equal(error?.code, 'email_exists');
    assert.equal(error?.status, 422);
  });
});
