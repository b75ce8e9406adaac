// The prayer tracker's tables through the real @supabase/supabase-js query builder against the
// real server: select with column lists, filters, order, limit, range and count; insert,
// upsert with onConflict (the same batch twice), update and delete with filters; and
// row-level security, including a cross-user update that changes nothing and a row written
// for another user that is refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
/** @type {import('./harness.mjs').ConformanceServer} */
let server;

before(async () => {
  server = await startServer({ AUTH_AUTOCONFIRM: 'true' });
});
after(async () => server?.stop());

/**
 * A signed-in user who has turned sync on (a consent row), unless `consent` is false.
 * @param {string} email
 */
async function signedIn(email, consent = true) {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  assert.ok(data.user);
  if (consent) {
    const given = await client.rpc('tracker_sync_on', { consent_version: '2026-11' });
    assert.equal(given.error, null);
  }
  return { client, id: data.user.id };
}

/**
 * @param {string} day
 * @param {string} prayer
 * @param {string | null} status
 * @param {string} updatedAt
 */
const mark = (day, prayer, status, updatedAt = `${day}T20:00:00.000Z`) => ({
  day,
  prayer,
  status,
  congregation: false,
  qasr: false,
  jam: false,
  deleted: status === null,
  updated_at: updatedAt,
});

test('the query builder: upsert twice, select, filters, order, range, count', async () => {
  const { client, id } = await signedIn('builder@example.com');
  const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'];
  const batch = days.flatMap((day) => [mark(day, 'fajr', 'on_time'), mark(day, 'isha', 'late')]);
  for (let i = 0; i < 2; i += 1) {
    const { error, status } = await client
      .from('prayer_marks')
      .upsert(batch, { onConflict: 'user_id,day,prayer' });
    assert.equal(error, null);
    assert.equal(status, 201);
  }

  const all = await client.from('prayer_marks').select('*', { count: 'exact' });
  assert.equal(all.error, null);
  assert.equal(all.count, 8);
  assert.ok(all.data?.every((row) => row.user_id === id));

  const some = await client
    .from('prayer_marks')
    .select('day, prayer', { count: 'exact' })
    .eq('prayer', 'fajr')
    .neq('day', '2026-11-02')
    .gte('day', '2026-11-01')
    .lte('day', '2026-11-04')
    .order('day', { ascending: false })
    .limit(2);
  assert.equal(some.error, null);
  assert.deepEqual(some.data, [
    { day: '2026-11-04', prayer: 'fajr' },
    { day: '2026-11-03', prayer: 'fajr' },
  ]);
  assert.equal(some.count, 3);

  const ranged = await client
    .from('prayer_marks')
    .select('day, prayer')
    .in('day', ['2026-11-01', '2026-11-04'])
    .gt('updated_at', '2026-01-01T00:00:00Z')
    .lt('updated_at', '2027-01-01T00:00:00Z')
    .order('day', { ascending: false })
    .range(1, 2);
  assert.equal(ranged.error, null);
  assert.deepEqual(ranged.data, [
    { day: '2026-11-04', prayer: 'isha' },
    { day: '2026-11-01', prayer: 'fajr' },
  ]);

  const nulls = await client.from('prayer_marks').select('day').is('received_at', null);
  assert.equal(nulls.error, null);
  assert.deepEqual(nulls.data, []);
  const notNulls = await client
    .from('prayer_marks')
    .select('*', { count: 'exact', head: true })
    .not('received_at', 'is', null);
  assert.equal(notNulls.count, 8);

  const one = await client
    .from('prayer_marks')
    .select('status')
    .eq('day', '2026-11-03')
    .eq('prayer', 'isha')
    .single();
  assert.equal(one.error, null);
  assert.deepEqual(one.data, { status: 'late' });
});

test('insert, update and delete with filters and return=representation', async () => {
  const { client } = await signedIn('writes@example.com');
  const inserted = await client
    .from('prayer_marks')
    .insert(mark('2026-11-05', 'asr', 'missed'))
    .select('day, prayer, status');
  assert.equal(inserted.error, null);
  assert.deepEqual(inserted.data, [{ day: '2026-11-05', prayer: 'asr', status: 'missed' }]);

  const duplicate = await client.from('prayer_marks').insert(mark('2026-11-05', 'asr', 'late'));
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.error?.code, '23505');

  const updated = await client
    .from('prayer_marks')
    .update({ status: 'made_up' })
    .eq('day', '2026-11-05')
    .select('status');
  assert.equal(updated.error, null);
  assert.deepEqual(updated.data, [{ status: 'made_up' }]);

  const removed = await client.from('prayer_marks').delete().eq('prayer', 'asr').select('prayer');
  assert.equal(removed.error, null);
  assert.deepEqual(removed.data, [{ prayer: 'asr' }]);
  const left = await client.from('prayer_marks').select('*', { count: 'exact', head: true });
  assert.equal(left.count, 0);
});

test('row-level security: another user cannot read, update or write as the owner', async () => {
  const owner = await signedIn('owner@example.com');
  const other = await signedIn('other@example.com');
  await owner.client.from('prayer_marks').insert(mark('2026-11-06', 'maghrib', 'on_time'));

  const read = await other.client.from('prayer_marks').select('*').eq('user_id', owner.id);
  assert.equal(read.error, null);
  assert.deepEqual(read.data, []);

  // A cross-user update is refused by the policy: it reaches no row.
  const update = await other.client
    .from('prayer_marks')
    .update({ status: 'missed' })
    .eq('user_id', owner.id)
    .select();
  assert.equal(update.error, null);
  assert.deepEqual(update.data, []);

  const forged = await other.client.from('prayer_marks').upsert({
    ...mark('2026-11-06', 'maghrib', 'missed', '2030-01-01T00:00:00Z'),
    user_id: owner.id,
  });
  assert.equal(forged.status, 403);
  assert.equal(forged.error?.code, '42501');
  assert.match(forged.error?.message ?? '', /row-level security/);

  const kept = await owner.client.from('prayer_marks').select('status').single();
  assert.deepEqual(kept.data, { status: 'on_time' });

  const anon = await server.client().from('prayer_marks').select('*');
  assert.equal(anon.status, 401);
  assert.equal(anon.error?.code, '42501');
});

test("rpc('tracker_forget') deletes the caller's server copy and only theirs", async () => {
  const leaving = await signedIn('leaving@example.com');
  const staying = await signedIn('staying@example.com');
  for (const { client } of [leaving, staying]) {
    const inserted = await client
      .from('prayer_marks')
      .insert(mark('2026-11-07', 'isha', 'on_time'));
    assert.equal(inserted.error, null);
  }
  const forgotten = await leaving.client.rpc('tracker_forget');
  assert.equal(forgotten.error, null);
  assert.equal(forgotten.data, 2);
  const left = await leaving.client
    .from('prayer_marks')
    .select('*', { count: 'exact', head: true });
  assert.equal(left.count, 0);
  const kept = await staying.client
    .from('prayer_marks')
    .select('*', { count: 'exact', head: true });
  assert.equal(kept.count, 1);
});

test('nothing is written without consent to sync, nor after turning sync off', async () => {
  const { client } = await signedIn('no-consent@example.com', false);
  const refused = await client.from('prayer_marks').upsert(mark('2026-11-08', 'fajr', 'late'));
  assert.equal(refused.status, 403);
  assert.equal(refused.error?.code, '42501');
  assert.match(refused.error?.message ?? '', /requires tracker_sync_consents/);

  // The consent is the server's to write, through tracker_sync_on (which emails the owner):
  // the table itself takes no write from a client.
  const direct = await client.from('tracker_sync_consents').insert({ consent_version: '2026-11' });
  assert.equal(direct.status, 403);
  assert.equal(direct.error?.code, '42501');
  const seen = server.outbox.count('no-consent@example.com');
  const given = await client.rpc('tracker_sync_on', { consent_version: '2026-11' });
  assert.equal(given.error, null);
  assert.equal(given.data.consent_version, '2026-11');
  const turnedOn = await server.outbox.waitFor('no-consent@example.com', { after: seen });
  assert.match(turnedOn.subject, /^Prayer tracker sync was turned on for your .+ account$/);
  const taken = await client.from('prayer_marks').upsert(mark('2026-11-08', 'fajr', 'late'));
  assert.equal(taken.error, null);

  const forgotten = await client.rpc('tracker_forget');
  assert.equal(forgotten.data, 2);
  const turnedOff = await server.outbox.waitFor('no-consent@example.com', { after: seen + 1 });
  assert.match(turnedOff.subject, /^Prayer tracker sync was turned off for your .+ account$/);
  const later = await client.from('prayer_marks').upsert(mark('2026-11-08', 'isha', 'late'));
  assert.equal(later.status, 403);
  assert.match(later.error?.message ?? '', /requires tracker_sync_consents/);
  const left = await client.from('prayer_marks').select('*', { count: 'exact', head: true });
  assert.equal(left.count, 0);
});
