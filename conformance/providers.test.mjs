// Sign-in with Google and Apple through the real @supabase/supabase-js: the browser flow
// (implicit and PKCE), Apple's form_post, a native app's ID token, and linking / unlinking an
// identity. Two real OpenID Providers (testing/oidc-provider.js, flavoured like Google and like
// Apple) stand in for accounts.google.com and appleid.apple.com; the person signs in there with
// testing/oidc-login.js, and the test delivers the provider's answer to our callback as the
// browser would. The pytest suite (backend/tests/auth/test_providers.py) covers the failures.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAuthApiError } from '@supabase/supabase-js';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { linkIn, startServer } from './harness.mjs';
import { signInAtProvider } from '../testing/oidc-login.js';
import { startOidcProvider } from '../testing/oidc-provider.js';
import { freePort } from '../testing/server.js';

const PASSWORD = 'correct horse battery';
const BRAND = 'noor';
const GOOGLE_WEB = 'google-web.apps.example';
const GOOGLE_ANDROID = 'google-android.apps.example';
const GOOGLE_SECRET = 'google-secret';
const APPLE_WEB = 'org.example.noor.web';
const APPLE_APP = 'org.example.noor';
const APPLE_TEAM = 'TEAM123456';
const APPLE_KEY = 'KEY1234567';

/** @type {import('./harness.mjs').ConformanceServer} */
let server;
/** @type {import('../testing/oidc-provider.js').RunningOidcProvider} */
let google;
/** @type {import('../testing/oidc-provider.js').RunningOidcProvider} */
let apple;
/**
 * The private key that signs the Google provider's ID tokens, and its key id.
 *
 * @type {{ key: import('jose').CryptoKey, kid: string }}
 */
let googleSigner;

/** Two different ports nobody listens on (for the providers, started after the server). */
async function twoFreePorts() {
  const first = await freePort();
  for (;;) {
    const second = await freePort();
    if (second !== first) return [first, second];
  }
}

before(async () => {
  // The providers need the server's callback URL (their redirect URI) and the server needs
  // their issuers: the issuers' ports are chosen first, the providers start once the server
  // has its URL (the server only reads a provider's discovery document when first used).
  const [googlePort, applePort] = await twoFreePorts();
  const googleIssuer = `http://127.0.0.1:${googlePort}`;
  const appleIssuer = `http://127.0.0.1:${applePort}`;

  const rsa = await generateKeyPair('RS256', { extractable: true });
  const kid = 'google-key';
  googleSigner = { key: rsa.privateKey, kid };
  const googleJwks = { keys: [{ ...(await exportJWK(rsa.privateKey)), kid, alg: 'RS256' }] };

  // A P-256 key as Apple hands them out: the server signs its client secret with the private
  // half, the provider checks it with the public half.
  const appleKeys = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

  server = await startServer({
    AUTH_EMAIL_MIN_INTERVAL: '0',
    BRAND_NAME: BRAND,
    GOOGLE_CLIENT_ID: `${GOOGLE_WEB},${GOOGLE_ANDROID}`,
    GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
    GOOGLE_ISSUER: googleIssuer,
    APPLE_CLIENT_ID: `${APPLE_WEB},${APPLE_APP}`,
    APPLE_TEAM_ID: APPLE_TEAM,
    APPLE_KEY_ID: APPLE_KEY,
    APPLE_PRIVATE_KEY: appleKeys.privateKey,
    APPLE_ISSUER: appleIssuer,
  });
  const redirectUris = [`${server.url}/auth/v1/callback`];
  google = await startOidcProvider({
    flavour: 'google',
    port: googlePort,
    signingJwks: googleJwks,
    clients: [{ clientId: GOOGLE_WEB, clientSecret: GOOGLE_SECRET, redirectUris }],
  });
  apple = await startOidcProvider({
    flavour: 'apple',
    port: applePort,
    appleTeamId: APPLE_TEAM,
    appleKeyId: APPLE_KEY,
    applePublicKeyPem: appleKeys.publicKey,
    clients: [{ clientId: APPLE_WEB, redirectUris }],
  });
  assert.equal(google.issuer, googleIssuer);
  assert.equal(apple.issuer, appleIssuer);
});
after(async () => {
  await Promise.all([server?.stop(), google?.stop(), apple?.stop()]);
});

/** Where the app asks to land after the provider (allowed: it is on SITE_URL). */
const redirectTo = () => `${server.url}/auth/callback`;

/**
 * The browser's cookies for our server: /authorize (and linking) sets one per flow that the
 * callback must bring back, so a flow finishes only in the browser that started it.
 *
 * @type {Map<string, string>}
 */
const cookies = new Map();

/**
 * `fetch` with that cookie jar, as a browser tab's requests to our origin would be (also given
 * to supabase-js for linking: its `/user/identities/authorize` call receives the cookie).
 *
 * @type {typeof fetch}
 */
const browserFetch = async (input, init = {}) => {
  const headers = new Headers(init.headers);
  if (cookies.size) {
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
  }
  const res = await fetch(input, { ...init, headers });
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const [name, value] = pair.split('=');
    const expired = attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a.trim()));
    if (expired || value === '' || value === '""') cookies.delete(name.trim());
    else cookies.set(name.trim(), value);
  }
  return res;
};

/**
 * Opens a URL as a browser navigation (no API key) and returns where the 302 sends it.
 *
 * @param {string} url
 * @param {RequestInit} [init]
 */
async function redirectOf(url, init = {}) {
  const res = await browserFetch(url, { redirect: 'manual', ...init });
  assert.equal(res.status, 302, `${url} answered ${res.status}: ${await res.text()}`);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  return res.headers.get('location');
}

/**
 * Delivers the provider's answer to our callback, as the browser would (a redirect for Google,
 * an auto-submitting form for Apple), and returns where the server sends the browser.
 *
 * @param {import('../testing/oidc-login.js').ProviderReturn} back
 */
async function comeBack(back) {
  const callback = `${server.url}/auth/v1/callback`;
  assert.ok(back.url.startsWith(callback), back.url);
  if (back.method === 'POST') {
    return new URL(
      await redirectOf(back.url, { method: 'POST', body: new URLSearchParams(back.form) }),
    );
  }
  return new URL(await redirectOf(back.url));
}

/**
 * The whole trip from a supabase-js URL (our /authorize or /user/identities/authorize answer)
 * through the provider and back to the callback.
 *
 * @param {string} atProvider The provider's authorize URL.
 * @param {string} login
 */
async function throughProvider(atProvider, login) {
  return comeBack(await signInAtProvider(atProvider, login));
}

/** @param {URL} url */
function fragmentOf(url) {
  return Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
}

/** @param {string} text */
const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');

/**
 * An ID token as Google would sign it for a native app.
 *
 * @param {Record<string, unknown>} claims
 */
function mintGoogleIdToken(claims) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: googleSigner.kid })
    .setIssuer(google.issuer)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(googleSigner.key);
}

/**
 * A storage a test can look into (the harness's own is private to its client).
 *
 * @param {Map<string, string>} store
 */
function mapStorage(store) {
  return {
    /** @param {string} key */
    getItem: (key) => store.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => {
      store.set(key, value);
    },
    /** @param {string} key */
    removeItem: (key) => {
      store.delete(key);
    },
  };
}

/** @param {import('@supabase/supabase-js').SupabaseClient} client */
function eventsOf(client) {
  /** @type {string[]} */
  const events = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  return events;
}

/**
 * Signs up `email` with a password, follows the confirmation link, and returns a client signed
 * in with the password.
 *
 * @param {string} email
 */
async function confirmedAndSignedIn(email) {
  const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  const link = linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`);
  assert.equal((await fetch(link, { redirect: 'manual' })).status, 303);
  // The tab's requests share the browser's cookies (linking sets one for its callback).
  const client = server.client({ global: { fetch: browserFetch } });
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signedIn.error, null);
  return client;
}

describe('the browser flow', () => {
  test('Google: signInWithOAuth → provider → callback → session in the fragment that setSession accepts', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: redirectTo(), skipBrowserRedirect: true },
    });
    assert.equal(error, null);
    assert.equal(data.provider, 'google');
    const authorize = new URL(data.url);
    assert.equal(authorize.origin + authorize.pathname, `${server.url}/auth/v1/authorize`);
    assert.equal(authorize.searchParams.get('provider'), 'google');
    assert.equal(authorize.searchParams.get('redirect_to'), redirectTo());

    const atProvider = new URL(await redirectOf(data.url));
    assert.equal(atProvider.origin, google.issuer);
    assert.equal(atProvider.searchParams.get('client_id'), GOOGLE_WEB);
    assert.equal(atProvider.searchParams.get('redirect_uri'), `${server.url}/auth/v1/callback`);

    const back = await signInAtProvider(atProvider.href, 'amina.rahman@example.com');
    assert.equal(back.method, 'GET');
    const landing = await comeBack(back);
    assert.equal(landing.origin + landing.pathname, redirectTo());
    assert.equal(landing.search, '');
    const params = fragmentOf(landing);
    assert.equal(params.token_type, 'bearer');
    assert.ok(params.access_token);
    assert.ok(params.refresh_token);
    assert.ok(params.provider_token, 'the provider access token rides along');
    assert.equal(params.type, undefined, 'no type: supabase-js then reports SIGNED_IN');

    const events = eventsOf(client);
    const set = await client.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    assert.equal(set.error, null);
    await sleep(10);
    assert.ok(events.includes('SIGNED_IN'), events.join());

    const got = await client.auth.getUser();
    assert.equal(got.error, null);
    const user = got.data.user;
    assert.equal(user.email, 'amina.rahman@example.com');
    assert.ok(user.email_confirmed_at);
    assert.deepEqual(user.app_metadata, { provider: 'google', providers: ['google'] });
    assert.equal(user.user_metadata.full_name, 'Amina Rahman');
    assert.equal(user.identities.length, 1);
    assert.equal(user.identities[0].provider, 'google');
    assert.equal(user.identities[0].identity_data.email, 'amina.rahman@example.com');

    const { data: current } = await client.auth.getSession();
    assert.equal(current.session.access_token, params.access_token);
    assert.equal(current.session.user.id, user.id);
  });

  test('PKCE: the verifier stays in storage, the callback returns ?code= for exchangeCodeForSession', async () => {
    /** @type {Map<string, string>} */
    const store = new Map();
    const client = server.client({ auth: { flowType: 'pkce', storage: mapStorage(store) } });
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: redirectTo(), skipBrowserRedirect: true },
    });
    assert.equal(error, null);
    // The verifier's fixed key (supabase-js also keeps it in a per-flow slot).
    const verifierKey = [...store.keys()].find((key) =>
      /^sb-[\w-]+-auth-token-code-verifier$/.test(key),
    );
    assert.ok(store.get(verifierKey), [...store.keys()].join());
    const authorize = new URL(data.url);
    assert.ok(authorize.searchParams.get('code_challenge'));
    assert.equal(authorize.searchParams.get('code_challenge_method'), 's256');

    const landing = await throughProvider(await redirectOf(data.url), 'salma.idris@example.com');
    assert.equal(landing.origin + landing.pathname, redirectTo());
    assert.equal(landing.hash, '', 'no tokens in the fragment of a PKCE flow');
    const code = landing.searchParams.get('code');
    assert.ok(code, landing.href);

    const events = eventsOf(client);
    const exchanged = await client.auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    assert.equal(exchanged.data.user.email, 'salma.idris@example.com');
    assert.equal(exchanged.data.user.identities[0].provider, 'google');
    assert.ok(exchanged.data.session.provider_token);
    await sleep(10);
    assert.ok(events.includes('SIGNED_IN'), events.join());
    const { data: current } = await client.auth.getSession();
    assert.equal(current.session.user.email, 'salma.idris@example.com');
    assert.equal(store.get(verifierKey), undefined, 'the verifier is used up');
  });

  test("Apple: form_post back to the callback; the name comes from Apple's first-time user field", async () => {
    const client = server.client();
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'apple',
      options: { redirectTo: redirectTo(), skipBrowserRedirect: true },
    });
    assert.equal(error, null);
    const atProvider = new URL(await redirectOf(data.url));
    assert.equal(atProvider.origin, apple.issuer);
    assert.equal(atProvider.searchParams.get('response_mode'), 'form_post');
    assert.equal(atProvider.searchParams.get('client_id'), APPLE_WEB);

    const back = await signInAtProvider(atProvider.href, 'khadija.noor@example.com');
    assert.ok(back.method === 'POST', 'Apple posts a form back');
    assert.ok(back.form.user, 'the first time, Apple sends the name');
    const landing = await comeBack(back);
    assert.equal(landing.origin + landing.pathname, redirectTo());
    const params = fragmentOf(landing);
    assert.ok(params.provider_token);
    assert.equal(params.type, undefined);

    const set = await client.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    assert.equal(set.error, null);
    const { data: got } = await client.auth.getUser();
    assert.equal(got.user.email, 'khadija.noor@example.com');
    assert.ok(got.user.email_confirmed_at, 'Apple\'s email_verified is the string "true"');
    assert.equal(got.user.user_metadata.full_name, 'Khadija Noor');
    assert.equal(got.user.app_metadata.provider, 'apple');
    assert.equal(got.user.identities[0].provider, 'apple');
  });
});

describe("a native app's ID token", () => {
  test('signInWithIdToken with a Google ID token and its nonce gives a session and SIGNED_IN', async () => {
    const rawNonce = randomBytes(16).toString('hex');
    const sub = `native-${randomBytes(4).toString('hex')}`;
    const token = await mintGoogleIdToken({
      aud: GOOGLE_ANDROID,
      sub,
      email: 'native.user@example.com',
      email_verified: true,
      nonce: sha256Hex(rawNonce),
    });
    const client = server.client();
    const events = eventsOf(client);
    const { data, error } = await client.auth.signInWithIdToken({
      provider: 'google',
      token,
      nonce: rawNonce,
    });
    assert.equal(error, null);
    assert.ok(data.session.access_token);
    assert.equal(data.user.email, 'native.user@example.com');
    assert.equal(data.user.identities[0].provider, 'google');
    assert.equal(data.user.identities[0].id, sub);
    await sleep(10);
    assert.ok(events.includes('SIGNED_IN'), events.join());
    const { data: current } = await client.auth.getSession();
    assert.equal(current.session.user.id, data.user.id);
  });

  test('an ID token for another audience is an AuthApiError 400 bad_id_token', async () => {
    const token = await mintGoogleIdToken({
      aud: 'someone-elses-client',
      sub: 'native-other',
      email: 'other.audience@example.com',
      email_verified: true,
    });
    const client = server.client();
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'google', token });
    assert.ok(isAuthApiError(error), String(error));
    assert.equal(error.status, 400);
    assert.equal(error.code, 'bad_id_token');
    assert.equal(data.session, null);
    assert.equal((await client.auth.getSession()).data.session, null);
  });
});

describe('a flow belongs to its browser', () => {
  test("the provider's answer opened in another browser is refused", async () => {
    const { data } = await server.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: redirectTo(), skipBrowserRedirect: true },
    });
    const back = await signInAtProvider(await redirectOf(data.url), 'csrf@example.com');
    // Another browser: no cookie from this flow.
    const res = await fetch(back.url, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const landing = new URL(res.headers.get('location') ?? '');
    assert.equal(fragmentOf(landing).error_code, 'bad_oauth_state');
    // The browser that started it still finishes it.
    assert.ok(fragmentOf(await comeBack(back)).access_token);
  });
});

describe('linked identities', () => {
  test('linkIdentity → provider → callback without tokens; getUserIdentities; unlinkIdentity; both notices', async () => {
    const email = 'linker@example.com';
    const client = await confirmedAndSignedIn(email);
    const seen = server.outbox.count(email);
    const before = (await client.auth.getSession()).data.session;

    const target = `${redirectTo()}?link=google`;
    const { data, error } = await client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: target, skipBrowserRedirect: true },
    });
    assert.equal(error, null);
    assert.equal(data.provider, 'google');
    // linkIdentity fetched our /user/identities/authorize already: this is the provider's URL.
    assert.ok(data.url.startsWith(`${google.issuer}/`), data.url);

    const landing = await throughProvider(data.url, 'linker.gmail@example.com');
    // Linking starts no new session: the person is signed in on this device already.
    assert.equal(landing.href, target);

    const connected = await server.outbox.waitFor(email, { after: seen });
    assert.equal(connected.subject, `A Google account was connected to your ${BRAND} account`);

    const listed = await client.auth.getUserIdentities();
    assert.equal(listed.error, null);
    assert.deepEqual(listed.data.identities.map((identity) => identity.provider).sort(), [
      'email',
      'google',
    ]);
    const googleIdentity = listed.data.identities.find(({ provider }) => provider === 'google');
    assert.equal(googleIdentity.identity_data.email, 'linker.gmail@example.com');

    const unlinked = await client.auth.unlinkIdentity(googleIdentity);
    assert.deepEqual(unlinked, { data: {}, error: null });
    const disconnected = await server.outbox.waitFor(email, { after: seen + 1 });
    assert.equal(
      disconnected.subject,
      `A Google account was disconnected from your ${BRAND} account`,
    );

    const after = await client.auth.getUserIdentities();
    assert.deepEqual(
      after.data.identities.map((identity) => identity.provider),
      ['email'],
    );
    // Still the same session all along.
    assert.equal((await client.auth.getSession()).data.session.access_token, before.access_token);
  });

  test("a native app's linkIdentity (PKCE): the URL opened in a browser without the app's cookie; linked when the app exchanges the code", async () => {
    // The app: supabase-js with flowType 'pkce' and plain fetch (no cookie jar), as in an app.
    const email = 'native-linker@example.com';
    const app = server.client({ auth: { flowType: 'pkce' } });
    assert.equal((await app.auth.signUp({ email, password: PASSWORD })).error, null);
    const confirmLink = linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify`);
    assert.equal((await fetch(confirmLink, { redirect: 'manual' })).status, 303);
    assert.equal((await app.auth.signInWithPassword({ email, password: PASSWORD })).error, null);
    const seen = server.outbox.count(email);

    const appReturn = `${server.url}/app-return`;
    const { data, error } = await app.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: appReturn, skipBrowserRedirect: true },
    });
    assert.equal(error, null);
    assert.ok(data.url.startsWith(`${google.issuer}/`), data.url);

    // The system browser: signs in at the provider, comes back to our callback with no cookie.
    const back = await signInAtProvider(data.url, 'native.linker@gmail.example');
    const res = await fetch(back.url, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const landing = new URL(res.headers.get('location') ?? '');
    assert.equal(landing.origin + landing.pathname, appReturn, landing.href);
    const code = landing.searchParams.get('code');
    assert.ok(code, landing.href);

    // Not linked before the app proves it started this: another user's app (its own verifier)
    // and a made-up verifier are refused, and link nothing.
    const other = server.client({ auth: { flowType: 'pkce' } });
    const otherEmail = 'native-other@example.com';
    assert.equal((await other.auth.signUp({ email: otherEmail, password: PASSWORD })).error, null);
    const otherLink = linkIn(
      await server.outbox.waitFor(otherEmail),
      `${server.url}/auth/v1/verify`,
    );
    assert.equal((await fetch(otherLink, { redirect: 'manual' })).status, 303);
    assert.equal(
      (await other.auth.signInWithPassword({ email: otherEmail, password: PASSWORD })).error,
      null,
    );
    const otherStart = await other.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: appReturn, skipBrowserRedirect: true },
    });
    assert.equal(otherStart.error, null);
    const stolen = await other.auth.exchangeCodeForSession(code);
    assert.ok(isAuthApiError(stolen.error));
    assert.equal(stolen.error.code, 'bad_code_verifier');
    const guessed = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    assert.equal(guessed.status, 400);
    const notYet = await app.auth.getUserIdentities();
    assert.deepEqual(
      notYet.data.identities.map((identity) => identity.provider),
      ['email'],
    );

    const exchanged = await app.auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    assert.equal(exchanged.data.user.email, email);
    const listed = await app.auth.getUserIdentities();
    assert.deepEqual(listed.data.identities.map((identity) => identity.provider).sort(), [
      'email',
      'google',
    ]);
    const connected = await server.outbox.waitFor(email, { after: seen });
    assert.equal(connected.subject, `A Google account was connected to your ${BRAND} account`);
    const otherUser = await other.auth.getUserIdentities();
    assert.deepEqual(
      otherUser.data.identities.map((identity) => identity.provider),
      ['email'],
    );
  });

  test('unlinkIdentity of the only identity is single_identity_not_deletable', async () => {
    const token = await mintGoogleIdToken({
      aud: GOOGLE_WEB,
      sub: `only-${randomBytes(4).toString('hex')}`,
      email: 'only.google@example.com',
      email_verified: true,
    });
    const client = server.client();
    const signedIn = await client.auth.signInWithIdToken({ provider: 'google', token });
    assert.equal(signedIn.error, null);
    const { data } = await client.auth.getUserIdentities();
    assert.equal(data.identities.length, 1);

    const { error } = await client.auth.unlinkIdentity(data.identities[0]);
    assert.ok(isAuthApiError(error), String(error));
    assert.equal(error.status, 422);
    assert.equal(error.code, 'single_identity_not_deletable');
    const still = await client.auth.getUserIdentities();
    assert.equal(still.data.identities.length, 1);
  });
});

describe('settings', () => {
  test('GET /settings says Google and Apple are on', async () => {
    const res = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.anonKey },
    });
    assert.equal(res.status, 200);
    const body = /** @type {{ external: Record<string, boolean> }} */ (await res.json());
    assert.equal(body.external.google, true);
    assert.equal(body.external.apple, true);
    assert.equal(body.external.email, true);
    assert.equal(body.external.github, false);
  });
});
