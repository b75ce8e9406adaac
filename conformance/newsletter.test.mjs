// The join form and the verification page, driven through the real @supabase/supabase-js
// client against the real server: PostgREST insert and rpc semantics, mail from the outbox.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { outboxSent } from '../testing/server.js';
import { linkIn, startServer } from './harness.mjs';

/** @type {import('./harness.mjs').ConformanceServer} */
let server;
/** @type {import('@supabase/supabase-js').SupabaseClient} */
let supabase;

before(async () => {
  server = await startServer();
  supabase = server.client();
});

after(async () => {
  await server?.stop();
});

const confirmationsTo = (/** @type {string} */ address) =>
  server.outbox.all().filter((m) => m.to.includes(address) && /confirm/i.test(m.subject));

/**
 * @param {string} email
 * @param {string} source
 */
function joinRow(email, source, locale = 'en') {
  // Exactly what the site's join form sends (docs/behaviour.md#join-form) (admin_email included; the server ignores it).
  return {
    email,
    name: 'Amina',
    source,
    locale,
    subscribed_at: new Date().toISOString(),
    admin_email: 'x@evil.example',
  };
}

test('join, duplicate, one confirmation email, verify once', async () => {
  const email = 'amina@example.com';
  const first = await supabase.from('newsletter_subscribers').insert(joinRow(email, 'newsletter'));
  assert.equal(first.error, null);
  assert.equal(first.status, 201);
  assert.equal(first.data, null);

  const again = await supabase.from('newsletter_subscribers').insert(joinRow(email, 'newsletter'));
  assert.equal(again.status, 409);
  assert.equal(again.error.code, '23505');
  assert.equal(typeof again.error.message, 'string');

  // Both boxes ticked: the second insert belongs to the same join and sends no second email.
  const waitlist = await supabase.from('newsletter_subscribers').insert(joinRow(email, 'waitlist'));
  assert.equal(waitlist.error, null);

  const message = await server.outbox.waitFor(email);
  const link = linkIn(message, `${server.url}/verify?token=`);
  const token = new URL(link).searchParams.get('token');
  assert.ok(token && token.length >= 32);
  // Both inserts answered: once the outbox holds nothing for the address, all it got is here.
  await outboxSent(server, email);
  assert.equal(confirmationsTo(email).length, 1);
  assert.equal(server.outbox.count('x@evil.example'), 0);

  const ok = await supabase.rpc('verify_subscriber', { token });
  assert.equal(ok.error, null);
  assert.equal(ok.data, true);

  const used = await supabase.rpc('verify_subscriber', { token });
  assert.equal(used.error, null);
  assert.equal(used.data, false);
});

test('a made-up token is false', async () => {
  const { data, error } = await supabase.rpc('verify_subscriber', { token: 'not-a-real-token' });
  assert.equal(error, null);
  assert.equal(data, false);
});

test('array insert with .select() returns rows without secrets', async () => {
  const { data, error, status } = await supabase
    .from('newsletter_subscribers')
    .insert([
      joinRow('yusuf@example.com', 'newsletter'),
      { email: 'yusuf@example.com', name: 'Yusuf', source: 'waitlist' },
    ])
    .select();
  assert.equal(error, null);
  assert.equal(status, 201);
  assert.equal(data.length, 2);
  for (const row of data) {
    assert.deepEqual(Object.keys(row).sort(), [
      'created_at',
      'email',
      'id',
      'locale',
      'name',
      'source',
      'subscribed_at',
      'verified',
    ]);
    assert.equal(row.verified, false);
  }
});

test('a join in Arabic is stored with its language and confirmed in Arabic; an unknown language is refused', async () => {
  const email = 'maryam@example.com';
  const { data, error } = await supabase
    .from('newsletter_subscribers')
    .insert(joinRow(email, 'newsletter', 'ar'))
    .select();
  assert.equal(error, null);
  assert.equal(data[0].locale, 'ar');
  const message = await server.outbox.waitFor(email);
  assert.match(message.subject, /[\u0600-\u06FF]/);
  assert.ok(linkIn(message, `${server.url}/ar/verify?token=`));

  const refused = await supabase
    .from('newsletter_subscribers')
    .insert(joinRow('nobody-xx@example.com', 'newsletter', 'xx'));
  assert.equal(refused.status, 400);
  assert.equal(refused.error.code, '23514');
  await outboxSent(server, 'nobody-xx@example.com');
  assert.equal(server.outbox.count('nobody-xx@example.com'), 0);
});

test('the client cannot set verified, read the list, or send bad rows', async () => {
  const forged = await supabase
    .from('newsletter_subscribers')
    .insert({ ...joinRow('forger@example.com', 'newsletter'), verified: true });
  assert.equal(forged.status, 401);
  assert.equal(forged.error.code, '42501');

  const read = await supabase.from('newsletter_subscribers').select('*');
  assert.equal(read.error.code, '42501');
  assert.equal(read.data, null);

  const bad = await supabase
    .from('newsletter_subscribers')
    .insert(joinRow('not-an-email', 'newsletter'));
  assert.equal(bad.status, 400);
  assert.equal(bad.error.code, '23514');

  const unknown = await supabase
    .from('newsletter_subscribers')
    .insert({ ...joinRow('x@example.com', 'newsletter'), colour: 'green' });
  assert.equal(unknown.error.code, 'PGRST204');
});

test('the welcome email unsubscribes in one click (RFC 8058)', async () => {
  const email = 'fatima@example.com';
  await supabase.from('newsletter_subscribers').insert(joinRow(email, 'newsletter'));
  const confirmation = await server.outbox.waitFor(email);
  const token = new URL(linkIn(confirmation, `${server.url}/verify?token=`)).searchParams.get(
    'token',
  );
  assert.equal((await supabase.rpc('verify_subscriber', { token })).data, true);

  const welcome = await server.outbox.waitFor(email, { after: 1 });
  assert.equal(welcome.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
  const target = welcome.headers['list-unsubscribe'].replace(/^<|>$/g, '');
  // What a mail provider sends: a bare form POST, no API key, no cookie.
  const res = await fetch(target, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true, source: 'newsletter' });
});
