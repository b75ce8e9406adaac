/**
 * A real OpenID Provider on loopback for the "Sign in with Google / Apple" tests: the
 * OpenID-Certified `oidc-provider` package, configured once like Google and once like Apple.
 *
 * - `startOidcProvider(options)` starts one in this process (Node-side suites);
 * - `node testing/oidc-provider.js <config.json>` starts one for another language (pytest,
 *   backend/tests/oidc.py) or another runner (Playwright's `webServer`, e2e/support/server.ts):
 *   the same options as JSON, in a file or, when the argument starts with `{`, the JSON text
 *   itself; it prints one line `{"issuer":"http://127.0.0.1:PORT"}` on stdout once listening
 *   (everything else goes to stderr) and exits when its stdin closes or on SIGTERM.
 *
 * People: the provider's own login page (oidc-provider's development login form, see
 * testing/oidc-login.js) accepts any login, which is the account id:
 * - `sub` is `<flavour>-` and the first 16 hex digits of sha256(login), stable across runs;
 * - `email` is the login without a leading `unverified:`, `email_verified` is false with it;
 * - `name`, `given_name` and `family_name` come from the email's local part
 *   (`alice.khan@example.com` is Alice Khan).
 * Consent is never asked: whatever the client requests is granted.
 *
 * Google: the authorization code flow with query responses (form_post too), client_secret_basic
 * or client_secret_post, a userinfo endpoint, scopes `openid email profile`, boolean
 * `email_verified` and the name claims in the ID token.
 *
 * Apple (Sign in with Apple REST API):
 * - scopes `openid email name`; a request with `name` or `email` needs `response_mode=form_post`;
 * - the client secret is an ES256 JWT the client signs with its key (`appleKeyId`, team
 *   `appleTeamId`, the public half in `applePublicKeyPem`), sent as `client_secret` in the body;
 *   a bad one, or HTTP Basic, gets `400 {"error":"invalid_client"}`;
 * - the ID token has `email`, `email_verified` and `is_private_email` as strings `"true"` /
 *   `"false"` and no name claims: the name only comes in the `user` field of the form_post, the
 *   first time an account authorizes a client (`{"name":{"firstName","lastName"},"email"}`);
 * - response types `code` and `code id_token`; refresh tokens and revocation; no userinfo.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations: its API is `any` here.
import Provider from 'oidc-provider';

/** Apple's limit on a client secret's lifetime (`exp - iat`), in seconds. */
const APPLE_CLIENT_SECRET_MAX_AGE = 15777000;

/**
 * @typedef {object} OidcClient
 * @property {string} clientId
 * @property {string} [clientSecret] Google flavour; without it the client is public. Apple
 *   clients authenticate with the ES256 client secret JWT instead.
 * @property {string[]} redirectUris
 */

/**
 * @typedef {object} OidcProviderOptions
 * @property {'google' | 'apple'} flavour
 * @property {number} [port] Default 0: any free port (always on 127.0.0.1).
 * @property {OidcClient[]} clients
 * @property {{ keys: import('jose').JWK[] }} [signingJwks] The private RS256 JWKS that signs
 *   ID tokens (every key with `kid` and `alg`); default: a key generated at start.
 * @property {string} [appleTeamId] Apple: the client secret's `iss`.
 * @property {string} [appleKeyId] Apple: the client secret's `kid`.
 * @property {string} [applePublicKeyPem] Apple: the public half of the client's P-256 key.
 */

/**
 * @typedef {object} RunningOidcProvider
 * @property {string} issuer `http://127.0.0.1:<port>`, no trailing slash.
 * @property {() => Promise<void>} stop
 */

/**
 * The endpoints live where the real providers have them, so that a client that hard-codes a
 * path instead of reading discovery fails here too.
 *
 * @type {Record<OidcProviderOptions['flavour'], Record<string, string>>}
 */
const ROUTES = {
  google: {
    authorization: '/o/oauth2/v2/auth',
    token: '/token',
    userinfo: '/v1/userinfo',
    jwks: '/oauth2/v3/certs',
    revocation: '/revoke',
  },
  apple: {
    authorization: '/auth/authorize',
    token: '/auth/token',
    jwks: '/auth/keys',
    revocation: '/auth/revoke',
  },
};

const UNVERIFIED = 'unverified:';

/** @param {string} word */
const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The person behind a login (see the module comment).
 *
 * @param {OidcProviderOptions['flavour']} flavour
 * @param {string} login
 */
function accountFor(flavour, login) {
  const unverified = login.startsWith(UNVERIFIED);
  const email = unverified ? login.slice(UNVERIFIED.length) : login;
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const words = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map(capitalize);
  const givenName = words[0] ?? email;
  const familyName = words.slice(1).join(' ');
  return {
    sub: `${flavour}-${createHash('sha256').update(login).digest('hex').slice(0, 16)}`,
    email,
    emailVerified: !unverified,
    name: words.length ? words.join(' ') : email,
    givenName,
    familyName,
  };
}

/**
 * The claims `findAccount` offers; oidc-provider keeps those of the granted scopes and adds
 * `sub` (see pairwiseIdentifier).
 *
 * @param {OidcProviderOptions['flavour']} flavour
 * @param {string} login
 * @returns {Record<string, string | boolean>}
 */
function claimsFor(flavour, login) {
  const person = accountFor(flavour, login);
  if (flavour === 'apple') {
    return {
      email: person.email,
      email_verified: String(person.emailVerified),
      is_private_email: 'false',
    };
  }
  return {
    email: person.email,
    email_verified: person.emailVerified,
    name: person.name,
    given_name: person.givenName,
    ...(person.familyName ? { family_name: person.familyName } : {}),
  };
}

/**
 * Verifies an Apple client secret: an ES256 JWT from the client's key, `iss` the team, `sub`
 * the client, `aud` this provider, at most six months between `iat` and `exp`.
 *
 * @param {string} secret
 * @param {object} expected
 * @param {import('jose').CryptoKey} expected.key
 * @param {string} expected.keyId
 * @param {string} expected.teamId
 * @param {string} expected.clientId
 * @param {string} expected.issuer
 */
async function appleClientSecretValid(secret, { key, keyId, teamId, clientId, issuer }) {
  try {
    const { payload, protectedHeader } = await jwtVerify(secret, key, {
      algorithms: ['ES256'],
      issuer: teamId,
      audience: issuer,
      subject: clientId,
      requiredClaims: ['iat', 'exp'],
    });
    const { iat = 0, exp = 0 } = payload;
    return protectedHeader.kid === keyId && exp - iat <= APPLE_CLIENT_SECRET_MAX_AGE;
  } catch {
    return false;
  }
}

/**
 * @param {OidcProviderOptions} options
 * @returns {Promise<{ keys: import('jose').JWK[] }>}
 */
async function signingKeys(options) {
  if (options.signingJwks) return options.signingJwks;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: `generated-${randomBytes(4).toString('hex')}`, alg: 'RS256' }] };
}

/**
 * @param {OidcProviderOptions} options
 * @param {string} issuer
 * @param {{ keys: import('jose').JWK[] }} jwks
 */
function configuration({ flavour, clients }, issuer, jwks) {
  const apple = flavour === 'apple';
  const routes = ROUTES[flavour];
  const hour = 60 * 60;
  return {
    routes,
    jwks,
    clients: clients.map(({ clientId, clientSecret, redirectUris }) => {
      if (apple) {
        // oidc-provider has no Apple client secret method: `client_secret_post` with a secret
        // nobody knows, and compareClientSecret (below) checks the JWT instead.
        return {
          client_id: clientId,
          client_secret: randomBytes(32).toString('hex'),
          token_endpoint_auth_method: 'client_secret_post',
          redirect_uris: redirectUris,
          response_types: ['code', 'code id_token'],
          grant_types: ['authorization_code', 'implicit', 'refresh_token'],
        };
      }
      return {
        client_id: clientId,
        ...(clientSecret
          ? { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      };
    }),
    clientAuthMethods: apple
      ? ['client_secret_post']
      : ['client_secret_basic', 'client_secret_post', 'none'],
    responseTypes: apple ? ['code', 'code id_token'] : ['code'],
    scopes: ['openid'],
    claims: apple
      ? {
          openid: ['sub'],
          email: ['email', 'email_verified', 'is_private_email'],
          name: /** @type {string[]} */ ([]),
        }
      : {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name'],
        },
    // Like Google and Apple: the granted claims are in the ID token, not only at userinfo.
    conformIdTokenClaims: false,
    // oidc-provider's `sub` is the account id (the login); the derived `sub` goes out through
    // the pairwise hook, the same for every client (so discovery says "public", see below).
    subjectTypes: ['pairwise'],
    /**
     * @param {unknown} _ctx
     * @param {string} accountId
     */
    pairwiseIdentifier: (_ctx, accountId) => accountFor(flavour, accountId).sub,
    /**
     * @param {unknown} _ctx
     * @param {string} id
     */
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => claimsFor(flavour, id),
    }),
    // No consent screen: grant whatever the client asks for, as Google does for basic scopes.
    /** @param {any} ctx */
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      if (!oidc.session?.accountId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (grantId && (await oidc.provider.Grant.find(grantId))) ||
        new oidc.provider.Grant({
          accountId: oidc.session.accountId,
          clientId: oidc.client.clientId,
        });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    pkce: { required: () => false },
    // Apple issues a refresh token with every code and does not rotate it; Google (without
    // access_type=offline, which this provider ignores) issues none.
    issueRefreshToken: () => apple,
    rotateRefreshToken: () => false,
    features: {
      devInteractions: { enabled: true },
      userinfo: { enabled: !apple },
      rpInitiatedLogout: { enabled: false },
      revocation: {
        enabled: true,
        /**
         * @param {unknown} _ctx
         * @param {{ clientId: string }} client
         * @param {{ clientId: string }} token
         */
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    // Plain http on loopback: oidc-provider only marks cookies `secure` on https requests.
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      long: { httpOnly: true, sameSite: 'lax', secure: false },
      short: { httpOnly: true, sameSite: 'lax', secure: false },
    },
    // Set, so that oidc-provider does not log "you SHOULD change it" notices (on stdout).
    ttl: {
      AccessToken: hour,
      AuthorizationCode: 10 * 60,
      IdToken: hour,
      Interaction: hour,
      RefreshToken: 14 * 24 * hour,
      Session: 14 * 24 * hour,
      Grant: 14 * 24 * hour,
    },
    clientBasedCORS: () => true,
    /**
     * @param {any} ctx
     * @param {Record<string, string>} out
     */
    renderError: (ctx, out) => {
      ctx.type = 'text';
      ctx.body = `${issuer}: ${Object.entries(out)
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n')}`;
    },
  };
}

/**
 * Starts a provider on 127.0.0.1.
 *
 * @param {OidcProviderOptions} options
 * @returns {Promise<RunningOidcProvider>}
 */
export async function startOidcProvider(options) {
  const { flavour, port = 0 } = options;
  if (!(flavour in ROUTES)) throw new Error(`unknown flavour ${JSON.stringify(flavour)}`);
  const apple = flavour === 'apple';
  const { appleTeamId, appleKeyId, applePublicKeyPem } = options;
  if (apple && !(appleTeamId && appleKeyId && applePublicKeyPem)) {
    throw new Error('the apple flavour needs appleTeamId, appleKeyId and applePublicKeyPem');
  }
  const appleKey = apple && applePublicKeyPem ? await importSPKI(applePublicKeyPem, 'ES256') : null;
  const jwks = await signingKeys(options);

  // Listen first: the issuer names the port, and a provider is made for one issuer.
  const server = createServer();
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen(undefined));
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;

  const provider = new Provider(issuer, configuration(options, issuer, jwks));

  if (apple) {
    // `code id_token` (hybrid) counts as implicit, which oidc-provider only allows for https
    // redirect URIs; these are http on loopback (oidc-provider's documented recipe).
    const schema = provider.Client.Schema.prototype;
    const invalidate = schema.invalidate;
    /**
     * @param {string} message
     * @param {string} [code]
     */
    schema.invalidate = function (message, code) {
      if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
      invalidate.call(this, message, code);
    };

    // The client secret: Apple's ES256 JWT instead of a shared secret.
    const key = /** @type {import('jose').CryptoKey} */ (appleKey);
    /**
     * @this {{ clientId: string }}
     * @param {string} secret
     */
    provider.Client.prototype.compareClientSecret = function (secret) {
      return appleClientSecretValid(secret, {
        key,
        keyId: /** @type {string} */ (appleKeyId),
        teamId: /** @type {string} */ (appleTeamId),
        clientId: this.clientId,
        issuer,
      });
    };

    // The first time an account authorizes a client, the form_post carries the person's name
    // and email as `user` (JSON); later ones do not. oidc-provider emits the response
    // parameters (`out`) before the response mode renders them, so a listener can add one.
    /** @type {Set<string>} */
    const authorized = new Set();
    provider.on(
      'authorization.success',
      /**
       * @param {any} ctx
       * @param {Record<string, string> | undefined} out The response parameters, before the
       *   response mode renders them.
       */
      (ctx, out) => {
        if (!out) return;
        // Apple's authorization responses have no `iss` (RFC 9207), oidc-provider's do.
        delete out.iss;
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return;
        const pair = JSON.stringify([accountId, clientId]);
        if (authorized.has(pair)) return;
        authorized.add(pair);
        if (ctx.oidc.responseMode !== 'form_post') return;
        const scopes = new Set(String(ctx.oidc.params.scope ?? '').split(' '));
        const person = accountFor('apple', accountId);
        /** @type {Record<string, unknown>} */
        const user = {};
        if (scopes.has('name')) {
          user.name = { firstName: person.givenName, lastName: person.familyName };
        }
        if (scopes.has('email')) user.email = person.email;
        if (Object.keys(user).length) out.user = JSON.stringify(user);
      },
    );
  }

  provider.use(
    /**
     * What Google and Apple answer and oidc-provider does not by itself.
     *
     * @param {any} ctx
     * @param {() => Promise<void>} next
     */
    async (ctx, next) => {
      if (ctx.path === '/.well-known/openid-configuration') {
        await next();
        // Every client gets the same `sub` (see pairwiseIdentifier): public subjects.
        if (ctx.status === 200) ctx.body.subject_types_supported = ['public'];
        return;
      }
      if (!apple) return next();
      const clientAuth = ctx.path === ROUTES.apple.token || ctx.path === ROUTES.apple.revocation;
      const invalidClient = () => {
        ctx.status = 400;
        ctx.body = { error: 'invalid_client' };
        ctx.remove('WWW-Authenticate');
      };
      if (clientAuth && ctx.method === 'POST' && ctx.get('authorization')) {
        // Apple takes the client secret in the body only.
        return invalidClient();
      }
      if (ctx.path === ROUTES.apple.authorization && ctx.method === 'GET') {
        const scopes = String(ctx.query.scope ?? '').split(' ');
        if (
          (scopes.includes('name') || scopes.includes('email')) &&
          ctx.query.response_mode !== 'form_post'
        ) {
          ctx.status = 400;
          ctx.type = 'text';
          ctx.body = 'invalid_request: response_mode must be form_post when scopes are requested';
          return;
        }
      }
      await next();
      if (clientAuth && ctx.body?.error === 'invalid_client') invalidClient();
    },
  );

  server.on('request', provider.callback());

  let stopped = false;
  return {
    issuer,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await new Promise((resolveClose) => {
        server.close(() => resolveClose(undefined));
        server.closeAllConnections();
      });
    },
  };
}

/**
 * `node testing/oidc-provider.js <config.json | JSON text>`: stdout carries only the issuer
 * line.
 *
 * @param {string[]} args
 */
async function main(args) {
  const [config] = args;
  if (!config) {
    process.stderr.write('usage: node testing/oidc-provider.js <config.json | JSON text>\n');
    process.exit(2);
  }
  // oidc-provider's notices use console.info; keep stdout for the one JSON line.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  /** @type {OidcProviderOptions} */
  const options = JSON.parse(
    config.trimStart().startsWith('{') ? config : readFileSync(config, 'utf8'),
  );
  const running = await startOidcProvider(options);
  const exit = () => {
    running.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', exit);
  process.once('SIGINT', exit);
  process.stdin.once('end', exit);
  process.stdin.once('close', exit);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ issuer: running.issuer })}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
