// A server started with only PORT (as `PORT=18400 make start`): no SITE_URL, so the site's
// address is the server's own, and every link it emails leads back to the port it listens on
// (README.md#configuration).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { linkIn, startServer } from './harness.mjs';

/** @type {import('./harness.mjs').ConformanceServer} */
let server;

before(async () => {
  server = await startServer({ AUTH_EMAIL_MIN_INTERVAL: '0' }, { portOnly: true });
});
after(async () => server?.stop());

test('PORT alone: the server says which address it uses, and the emailed links use its port', async () => {
  assert.match(
    server.log(),
    new RegExp(`SITE_URL is not set: links in emails and redirects use ${server.url},`),
  );
  const email = 'port-only@example.com';
  const client = server.client();
  const { error } = await client.auth.signUp({ email, password: 'correct horse battery' });
  assert.equal(error, null);

  const link = new URL(linkIn(await server.outbox.waitFor(email), `${server.url}/auth/v1/verify?`));
  assert.equal(link.port, String(server.port));
  // No redirect asked for: the site's address, the server's own.
  assert.equal(link.searchParams.get('redirect_to'), server.url);
  const res = await fetch(link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const landing = new URL(res.headers.get('location') ?? '');
  assert.equal(landing.origin, server.url);
  assert.match(landing.hash, /access_token=/);
});

test('PORT alone: the join confirmation links to /verify on that port', async () => {
  const email = 'port-only-join@example.com';
  const { error } = await server
    .client()
    .from('newsletter_subscribers')
    .insert({ email, name: 'Yusuf', source: 'newsletter', locale: 'en' });
  assert.equal(error, null);
  const link = new URL(linkIn(await server.outbox.waitFor(email), `${server.url}/verify?token=`));
  assert.equal(link.port, String(server.port));
});
