import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptIdentityRecord, identityKeys, identityKeysFromDataKey, type IdentityKeys } from '../../crypto/identityCipher.ts';
import { asOwner } from '../../db/connection.ts';
import { setLogSink } from '../../log.ts';
import { legacyFieldCiphertext } from '../support/legacyIdentities.ts';
import { newDataset, newEngagement, smallStaffList } from '../support/staffList.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/testServer.ts';

const PEOPLE = [
  { employeeId: 'E1', name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.com' },
  { employeeId: 'E2', name: 'Charles Babbage', email: 'charles.babbage@example.com' },
  { employeeId: 'E3', name: 'Mary Somerville', email: null },
  { employeeId: 'E4', name: null, email: 'grace.hopper@example.com' },
];
const PERSONAL = ['Ada', 'Lovelace', 'Babbage', 'Somerville', 'Hopper', 'example.com'];
const PURPOSE = 'Copilot licence allocation for the finance team';

describe.each(BACKENDS)('identities on %s', (backend) => {
  let server: TestServer;
  let lead: string;
  let analyst: string;
  let admin: string;
  let viewer: string;
  let engagementId: string;
  let datasetId: string;
  const logLines: string[] = [];

  const reveal = (cookie: string, body: Record<string, unknown>, id = datasetId, on = server) =>
    on.call(`/api/datasets/${id}/identities/reveal`, { body, cookie });
  const match = (cookie: string, body: Record<string, unknown>, id = datasetId, on = server) =>
    on.call(`/api/datasets/${id}/identities/match`, { body, cookie });
  const sendChunk = (cookie: string, id: string, body: Record<string, unknown>) => server.call(`/api/datasets/${id}/rows`, { body, cookie });
  const auditOf = async (action: string) =>
    (await server.call(`/api/admin/audit?action=${action}&limit=500`, { cookie: admin })).body.events.filter((e: { engagementId: string }) => e.engagementId === engagementId);
  const identityRows = (id: string) =>
    asOwner(server.database, async (tx) => tx.selectFrom('employee_identities').selectAll().where('dataset_id', '=', id).orderBy('employee_id').execute());

  /** A dataset of the small staff list with names and emails stored for four of its six people. */
  async function datasetWithIdentities(): Promise<string> {
    const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
    const reply = await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
    if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${reply.text}`);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, 'local', { IDENTITY_KEK: randomBytes(32).toString('base64'), LOG_REQUESTS: '1' });
    setLogSink((line) => logLines.push(line));
    [lead, analyst, admin, viewer] = await Promise.all(['lead@example.com', 'analyst@example.com', 'admin@example.com', 'viewer@example.com'].map((e) => server.signIn(e)));
    engagementId = await newEngagement(server, lead);
    const staff = [
      { email: 'analyst@example.com', role: 'analyst', piiAccess: true },
      { email: 'admin@example.com', role: 'lead', piiAccess: false },
      { email: 'viewer@example.com', role: 'viewer', piiAccess: false },
    ];
    for (const member of staff) await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: member, cookie: lead });
    datasetId = await datasetWithIdentities();
  });
  afterAll(async () => {
    setLogSink(null);
    await server.stop();
  });

  describe('upload with identities', () => {
    it('stores names and emails only encrypted in the identities store, never in employee rows', async () => {
      const rows = (await server.call(`/api/datasets/${datasetId}/rows?limit=100`, { cookie: lead })).body.rows;
      expect(rows).toHaveLength(6);
      const stored = await identityRows(datasetId);
      expect(stored.map((r) => r.employee_id)).toEqual(['E1', 'E2', 'E3', 'E4']);
      // One sealed record a person; the blind index only where an email was given.
      expect(stored.map((r) => [r.identity_enc?.slice(0, 3), r.name_enc, r.email_enc, r.email_hash === null])).toEqual([
        ['i2.', null, null, false], ['i2.', null, null, false], ['i2.', null, null, true], ['i2.', null, null, false],
      ]);
      // The sealed value is random base64url, where a short name like "Ada" can turn up by chance: it is checked
      // by its form above, and every other stored field for the plain text.
      const unsealed = stored.map(({ identity_enc: _sealed, ...fields }) => fields);
      for (const text of PERSONAL) {
        expect(JSON.stringify(rows)).not.toContain(text);
        expect(JSON.stringify(unsealed)).not.toContain(text);
      }
    });

    it('audits identities_uploaded with counts only', async () => {
      const [event] = (await auditOf('identities_uploaded')).filter((e: { datasetId: string }) => e.datasetId === datasetId);
      expect(event.details).toEqual({ chunk: 0, people: 4, names: 3, emails: 3 });
    });

    it('stores nothing more for a repeated chunk', async () => {
      const reply = await sendChunk(lead, datasetId, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
      expect(reply.body).toMatchObject({ duplicate: true });
      expect(await identityRows(datasetId)).toHaveLength(4);
    });

    it('refuses identities for a dataset created without them with 400 bad_request', async () => {
      const plain = await newDataset(server, lead, engagementId, 6);
      const reply = await sendChunk(lead, plain, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
      expect([reply.status, reply.body.error]).toEqual([400, 'bad_request']);
      expect(await identityRows(plain)).toHaveLength(0);
    });

    it('refuses identities from a lead without PII access with 403 forbidden, storing no row', async () => {
      const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
      const reply = await sendChunk(admin, id, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
      expect([reply.status, reply.body.error]).toEqual([403, 'forbidden']);
      expect((await server.call(`/api/datasets/${id}`, { cookie: lead })).body.dataset.uploadedRows).toBe(0);
    });

    it('refuses a dataset with identities to a member without PII access with 403 forbidden', async () => {
      const reply = await server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'X', expectedRows: 6, withIdentities: true }, cookie: admin });
      expect([reply.status, reply.body.error]).toEqual([403, 'forbidden']);
    });

    it('refuses an identity whose employee ID is not in the chunk with 400 validation_error', async () => {
      const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
      const reply = await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: [{ employeeId: 'E99', name: 'Someone Else' }] });
      expect([reply.status, reply.body.error]).toEqual([400, 'validation_error']);
      expect(reply.body.issues[0].path).toBe('identities.0.employeeId');
    });

    it('refuses a name over 200 or an email over 320 characters with 400 validation_error', async () => {
      const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
      const reply = await sendChunk(lead, id, {
        chunk: 0,
        rows: smallStaffList(),
        identities: [
          { employeeId: 'E1', name: `  ${'n'.repeat(200)}  `, email: 'x'.repeat(321) },
          { employeeId: 'E2', name: 'n'.repeat(201), email: null },
        ],
      });
      expect([reply.status, reply.body.error]).toEqual([400, 'validation_error']);
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toEqual(['identities.0.email', 'identities.1.name']);
      expect(await identityRows(id)).toHaveLength(0);
    });

    it('refuses an identity with neither a name nor an email, blank counting as none, with 400 validation_error', async () => {
      const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
      const reply = await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: [{ employeeId: 'E1', name: '  ', email: '' }, { employeeId: 'E2' }] });
      expect([reply.status, reply.body.error]).toEqual([400, 'validation_error']);
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toEqual(['identities.0', 'identities.1']);
    });

    it('stores names and emails trimmed, a blank one as none', async () => {
      const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
      await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: [{ employeeId: ' E1 ', name: '  Ada Lovelace ', email: '   ' }] });
      expect((await reveal(lead, { purpose: PURPOSE }, id)).body.people).toEqual([{ employeeId: 'E1', name: 'Ada Lovelace', email: null }]);
    });
  });

  describe('reveal', () => {
    it('returns names and emails to a member with PII access who states a purpose', async () => {
      const reply = await reveal(analyst, { purpose: PURPOSE });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        people: [
          { employeeId: 'E1', name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.com' },
          { employeeId: 'E2', name: 'Charles Babbage', email: 'charles.babbage@example.com' },
          { employeeId: 'E3', name: 'Mary Somerville', email: null },
          { employeeId: 'E4', name: null, email: 'grace.hopper@example.com' },
        ],
        unreadable: 0,
      });
    });

    it('returns only the employee IDs asked for', async () => {
      const reply = await reveal(lead, { purpose: PURPOSE, employeeIds: ['E2', 'E6', 'E404'] });
      expect(reply.body.people).toEqual([{ employeeId: 'E2', name: 'Charles Babbage', email: 'charles.babbage@example.com' }]);
    });

    it('refuses an administrator without PII access with 403 forbidden', async () => {
      const reply = await reveal(admin, { purpose: PURPOSE });
      expect([reply.status, reply.body.error]).toEqual([403, 'forbidden']);
      expect(reply.text).not.toContain('Lovelace');
    });

    it('refuses a viewer without PII access with 403 forbidden', async () => {
      expect((await reveal(viewer, { purpose: PURPOSE })).status).toBe(403);
    });

    it('refuses a non-member with 404 not_found', async () => {
      const other = await newEngagement(server, lead);
      const otherDataset = await newDataset(server, lead, other, 1, { withIdentities: true });
      expect((await reveal(analyst, { purpose: PURPOSE }, otherDataset)).status).toBe(404);
    });

    it('refuses a missing, 2-character or 501-character purpose with 400 validation_error', async () => {
      for (const body of [{}, { purpose: 'ab' }, { purpose: 'x'.repeat(501) }]) {
        const reply = await reveal(analyst, body);
        expect([reply.status, reply.body.error, reply.body.issues[0].path]).toEqual([400, 'validation_error', 'purpose']);
      }
      expect((await reveal(analyst, { purpose: 'abc' })).status).toBe(200);
    });

    it('refuses a purpose holding an email (full-width @ too) with 400 validation_error', async () => {
      const reply = await reveal(analyst, { purpose: 'Check ada＠example.com please' });
      expect([reply.status, reply.body.error]).toEqual([400, 'validation_error']);
    });

    it('refuses a purpose of four zero-width spaces, or of fewer than 3 visible characters, revealing and auditing nothing', async () => {
      const before = (await auditOf('identities_revealed')).length;
      for (const purpose of ['\u200b\u200b\u200b\u200b', '\ufeff\u2060\u200d', 'a\u200b \u200bb', '\u3164\u3164\u3164']) {
        const reply = await reveal(analyst, { purpose });
        expect([reply.status, reply.body.error, reply.body.issues.map((i: { path: string }) => i.path)], JSON.stringify(purpose)).toEqual([400, 'validation_error', ['purpose']]);
        expect(reply.body.people).toBeUndefined();
      }
      expect(await auditOf('identities_revealed')).toHaveLength(before);
    });

    it('refuses a purpose whose email hides behind zero-width spaces, full-width dots or "(at)"', async () => {
      for (const purpose of ['Check ada\u200b@\u200bexample.com', 'Check ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'Check ada (at) example (dot) com']) {
        const reply = await reveal(analyst, { purpose });
        expect([reply.status, reply.body.error, reply.body.issues[0].path], purpose).toEqual([400, 'validation_error', 'purpose']);
      }
    });

    it('keeps the purpose in the audit trail as it reads, without its invisible characters', async () => {
      await reveal(analyst, { purpose: '  Licence\u200b  allocation\u00a0check ' });
      expect((await auditOf('identities_revealed')).map((e: { details: { purpose: string } }) => e.details.purpose)).toContain('Licence allocation check');
    });

    it('refuses a body over 4 MB with 413 payload_too_large', async () => {
      const reply = await reveal(analyst, { purpose: PURPOSE, employeeIds: Array.from({ length: 45_000 }, (_, i) => `E${i}`.padEnd(100, 'x')) });
      expect([reply.status, reply.body.error]).toEqual([413, 'payload_too_large']);
    });

    it('reveals a record swapped between rows, or moved into a field, as unreadable, never as someone else', async () => {
      const id = await datasetWithIdentities();
      await asOwner(server.database, async (tx) => {
        const [e1, e2] = await tx.selectFrom('employee_identities').select(['employee_id', 'identity_enc']).where('dataset_id', '=', id).orderBy('employee_id').limit(2).execute();
        await tx.updateTable('employee_identities').set({ identity_enc: e2!.identity_enc }).where('dataset_id', '=', id).where('employee_id', '=', 'E1').execute();
        await tx
          .updateTable('employee_identities')
          .set({ identity_enc: null, name_enc: e2!.identity_enc, email_enc: e1!.identity_enc })
          .where('dataset_id', '=', id)
          .where('employee_id', '=', 'E2')
          .execute();
      });
      const reply = await reveal(lead, { purpose: PURPOSE, employeeIds: ['E1', 'E2', 'E3'] }, id);
      expect(reply.body).toEqual({
        people: [
          { employeeId: 'E1', name: null, email: null },
          { employeeId: 'E2', name: null, email: null },
          { employeeId: 'E3', name: 'Mary Somerville', email: null },
        ],
        unreadable: 3,
      });
    });

    describe('rows stored one ciphertext per field, before records', () => {
      let legacy: string;
      const field = (keys: IdentityKeys, employeeId: string, name: 'name' | 'email', value: string | null) =>
        value === null ? null : legacyFieldCiphertext(keys, legacy, employeeId, name, value);

      beforeAll(async () => {
        legacy = await datasetWithIdentities();
        // Rewritten as the earlier release stored them, under the engagement's own key; the blind index is unchanged.
        await asOwner(server.database, async (tx) => {
          const { dek_wrapped } = await tx.selectFrom('engagements').select('dek_wrapped').where('id', '=', engagementId).executeTakeFirstOrThrow();
          const keys = identityKeys(server.config.identityKek!, engagementId, dek_wrapped!);
          for (const { employeeId, name, email } of PEOPLE) {
            await tx
              .updateTable('employee_identities')
              .set({ identity_enc: null, name_enc: field(keys, employeeId, 'name', name), email_enc: field(keys, employeeId, 'email', email) })
              .where('dataset_id', '=', legacy)
              .where('employee_id', '=', employeeId)
              .execute();
          }
        });
      });

      it('reveals them as stored', async () => {
        expect((await identityRows(legacy)).every((r) => r.identity_enc === null && (r.name_enc ?? r.email_enc)!.startsWith('i1.'))).toBe(true);
        expect((await reveal(analyst, { purpose: PURPOSE }, legacy)).body).toEqual({ people: PEOPLE, unreadable: 0 });
      });

      it('matches their emails', async () => {
        const reply = await match(analyst, { purpose: PURPOSE, emails: ['ADA.LOVELACE@example.com', 'ｇｒａｃｅ.ｈｏｐｐｅｒ＠ｅｘａｍｐｌｅ.ｃｏｍ'] }, legacy);
        expect(reply.body.matches).toEqual([{ index: 0, employeeIds: ['E1'] }, { index: 1, employeeIds: ['E4'] }]);
      });

      it('reveals a ciphertext swapped between their rows or fields as unreadable', async () => {
        await asOwner(server.database, async (tx) => {
          const [e1, e2] = await tx.selectFrom('employee_identities').select(['name_enc', 'email_enc']).where('dataset_id', '=', legacy).orderBy('employee_id').limit(2).execute();
          await tx.updateTable('employee_identities').set({ name_enc: e2!.name_enc }).where('dataset_id', '=', legacy).where('employee_id', '=', 'E1').execute();
          await tx.updateTable('employee_identities').set({ name_enc: e1!.email_enc }).where('dataset_id', '=', legacy).where('employee_id', '=', 'E2').execute();
        });
        expect((await reveal(lead, { purpose: PURPOSE, employeeIds: ['E1', 'E2'] }, legacy)).body).toEqual({
          people: [
            { employeeId: 'E1', name: null, email: 'Ada.Lovelace@Example.com' },
            { employeeId: 'E2', name: null, email: 'charles.babbage@example.com' },
          ],
          unreadable: 2,
        });
      });
    });
  });

  describe('match', () => {
    it('matches emails by index regardless of case and full-width characters, never echoing them', async () => {
      const emails = ['nobody@example.com', ' ADA.LOVELACE@example.COM ', 'ｇｒａｃｅ.ｈｏｐｐｅｒ＠ｅｘａｍｐｌｅ.ｃｏｍ', 'charles@example.com'];
      const reply = await match(analyst, { purpose: PURPOSE, emails });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ matches: [{ index: 1, employeeIds: ['E1'] }, { index: 2, employeeIds: ['E4'] }], matched: 2, people: 2, total: 4 });
      expect(reply.text).not.toMatch(/lovelace|hopper|example/i);
    });

    it('refuses an administrator without PII access with 403 forbidden', async () => {
      const reply = await match(admin, { purpose: PURPOSE, emails: ['ada.lovelace@example.com'] });
      expect([reply.status, reply.body.error]).toEqual([403, 'forbidden']);
    });

    it('refuses a match without a purpose with 400 validation_error', async () => {
      const reply = await match(analyst, { emails: ['ada.lovelace@example.com'] });
      expect([reply.status, reply.body.issues[0].path]).toEqual([400, 'purpose']);
    });

    it('accepts a list above 4 MB and refuses one above 8 MB with 413 payload_too_large', async () => {
      const list = (n: number) => Array.from({ length: n }, (_, i) => `licence-holder-number-${i}@client.example.org`);
      const large = await match(analyst, { purpose: PURPOSE, emails: [...list(110_000), 'charles.babbage@example.com'] });
      expect([large.status, large.body.matched, large.body.matches[0].index]).toEqual([200, 1, 110_000]);
      const tooLarge = await match(analyst, { purpose: PURPOSE, emails: list(190_000) });
      expect([tooLarge.status, tooLarge.body.error]).toEqual([413, 'payload_too_large']);
    });
  });

  describe('audit and logs', () => {
    it('audits reveal and match with the purpose and counts, and no personal data', async () => {
      await reveal(lead, { purpose: 'Audit check of reveal', employeeIds: ['E1', 'E3'] });
      await match(lead, { purpose: 'Audit check of match', emails: ['ada.lovelace@example.com', 'x@y.z'] });
      const revealed = (await auditOf('identities_revealed')).find((e: { details: { purpose: string } }) => e.details.purpose === 'Audit check of reveal');
      const matched = (await auditOf('identities_matched')).find((e: { details: { purpose: string } }) => e.details.purpose === 'Audit check of match');
      expect(revealed.details).toEqual({ purpose: 'Audit check of reveal', people: 2, requested: 2, unreadable: 0 });
      expect(matched.details).toEqual({ purpose: 'Audit check of match', emails: 2, matched: 1, people: 1 });
      const trail = JSON.stringify((await server.call(`/api/engagements/${engagementId}/audit?limit=500`, { cookie: lead })).body);
      for (const text of PERSONAL) expect(trail).not.toContain(text);
    });

    it('never writes a name or an email to the log', () => {
      expect(logLines.length).toBeGreaterThan(0);
      for (const text of PERSONAL) expect(logLines.join('\n')).not.toContain(text);
    });
  });

  describe('master secret and purge', () => {
    it('answers 503 pii_unconfigured to reveal, match and upload on a server without a master secret', async () => {
      const unconfigured = await startTestServer(backend, 'local', { DATA_DIR: server.config.dataDir, ...(server.config.databaseUrl && { DATABASE_URL: server.config.databaseUrl }) });
      try {
        const cookie = await unconfigured.signIn('lead@example.com');
        const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
        const replies = [
          await reveal(cookie, { purpose: PURPOSE }, datasetId, unconfigured),
          await match(cookie, { purpose: PURPOSE, emails: ['a@b.c'] }, datasetId, unconfigured),
          await unconfigured.call(`/api/datasets/${id}/rows`, { body: { chunk: 0, rows: smallStaffList(), identities: PEOPLE }, cookie }),
        ];
        expect(replies.map((r) => [r.status, r.body.error])).toEqual([
          [503, 'pii_unconfigured'], [503, 'pii_unconfigured'], [503, 'pii_unconfigured'],
        ]);
      } finally {
        await unconfigured.stop();
      }
    });

    it('answers 409 pii_unavailable under another master secret, without key material in the reply, and stores no chunk', async () => {
      const other = await startTestServer(backend, 'local', {
        IDENTITY_KEK: randomBytes(32).toString('base64'),
        DATA_DIR: server.config.dataDir,
        ...(server.config.databaseUrl && { DATABASE_URL: server.config.databaseUrl }),
      });
      try {
        const reply = await reveal(await other.signIn('lead@example.com'), { purpose: PURPOSE }, datasetId, other);
        expect([reply.status, reply.body.error]).toEqual([409, 'pii_unavailable']);
        expect(Object.keys(reply.body).sort()).toEqual(['error', 'message']);
        const id = await newDataset(server, lead, engagementId, 6, { withIdentities: true });
        const upload = await other.call(`/api/datasets/${id}/rows`, { body: { chunk: 0, rows: smallStaffList(), identities: PEOPLE }, cookie: await other.signIn('lead@example.com') });
        expect([upload.status, upload.body.error]).toEqual([409, 'pii_unavailable']);
        expect((await server.call(`/api/datasets/${id}`, { cookie: lead })).body.dataset.uploadedRows).toBe(0);
        expect(await identityRows(id)).toHaveLength(0);
      } finally {
        await other.stop();
      }
    });

    it('purge deletes identities and the wrapped key: reveal answers 409 pii_unavailable and old ciphertexts stay unreadable', async () => {
      const purged = await newEngagement(server, lead, { name: 'To purge' });
      const id = await newDataset(server, lead, purged, 6, { withIdentities: true });
      await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
      const [old] = await identityRows(id);
      await server.call(`/api/engagements/${purged}/close`, { method: 'POST', body: {}, cookie: lead });
      expect((await server.call(`/api/engagements/${purged}/purge`, { method: 'POST', body: { confirm: 'To purge' }, cookie: lead })).status).toBe(200);

      expect(await identityRows(id)).toHaveLength(0);
      const { rows } = await asOwner(server.database, (tx) => sql<{ dek_wrapped: string | null }>`select dek_wrapped from engagements where id = ${purged}`.execute(tx));
      expect(rows[0]!.dek_wrapped).toBeNull();
      const reply = await reveal(lead, { purpose: PURPOSE }, id);
      expect([reply.status, reply.body.error]).toEqual([409, 'pii_unavailable']);
      // The master secret alone is not the engagement's key: the kept ciphertext does not open with it.
      expect(() => decryptIdentityRecord(identityKeysFromDataKey(server.config.identityKek!), id, old!.employee_id, old!.identity_enc!)).toThrow();
    });

    it('lets a lead without PII access purge an engagement holding identities', async () => {
      const purged = await newEngagement(server, lead, { name: 'Purged by a lead without PII' });
      const id = await newDataset(server, lead, purged, 6, { withIdentities: true });
      await sendChunk(lead, id, { chunk: 0, rows: smallStaffList(), identities: PEOPLE });
      await server.call(`/api/engagements/${purged}/members`, { method: 'PUT', body: { email: 'admin@example.com', role: 'lead', piiAccess: false }, cookie: lead });
      await server.call(`/api/engagements/${purged}/close`, { method: 'POST', body: {}, cookie: lead });
      const reply = await server.call(`/api/engagements/${purged}/purge`, { method: 'POST', body: { confirm: 'Purged by a lead without PII' }, cookie: admin });
      expect(reply.status).toBe(200);
      expect(await identityRows(id)).toHaveLength(0);
    });
  });

  it('deleting a dataset removes its identities, even when a lead without PII access deletes it', async () => {
    const id = await datasetWithIdentities();
    expect((await server.call(`/api/datasets/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect(await identityRows(id)).toHaveLength(0);
  });

  it('uploads a whole list with identities in several chunks', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ employeeId: `P${i}`, managerEmployeeId: i === 0 ? null : 'P0', title: 'Clerk', salary: 20000 }));
    const id = await newDataset(server, lead, engagementId, rows.length, { withIdentities: true });
    for (let chunk = 0; chunk * 2000 < rows.length; chunk += 1) {
      const part = rows.slice(chunk * 2000, (chunk + 1) * 2000);
      const identities = part.map((r) => ({ employeeId: r.employeeId, name: `Person ${r.employeeId}`, email: `${r.employeeId}@client.example.org` }));
      expect((await sendChunk(lead, id, { chunk, rows: part, identities })).status).toBe(201);
    }
    expect(await identityRows(id)).toHaveLength(2500);
    expect((await match(lead, { purpose: PURPOSE, emails: ['p2499@CLIENT.example.org'] }, id)).body.matches).toEqual([{ index: 0, employeeIds: ['P2499'] }]);
  });

  it('stores chunks sent together with their identities, as the browser sends three at once', async () => {
    // Each chunk's transaction yields while storing its rows and waits for its sealing: on SQLite they still run one at a time.
    const rows = Array.from({ length: 6000 }, (_, i) => ({ employeeId: `Q${i}`, managerEmployeeId: i === 0 ? null : 'Q0', title: 'Clerk', salary: 20000 }));
    const person = (employeeId: string) => ({ employeeId, name: `Person ${employeeId}`, email: `${employeeId}@client.example.org` });
    const id = await newDataset(server, lead, engagementId, rows.length, { withIdentities: true });
    const replies = await Promise.all(
      [0, 1, 2].map((chunk) => {
        const part = rows.slice(chunk * 2000, (chunk + 1) * 2000);
        return sendChunk(lead, id, { chunk, rows: part, identities: part.map((r) => person(r.employeeId)) });
      }),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await server.call(`/api/datasets/${id}`, { cookie: lead })).body.dataset.uploadedRows).toBe(6000);
    expect(await identityRows(id)).toHaveLength(6000);
    const revealed = await reveal(lead, { purpose: PURPOSE, employeeIds: ['Q1999', 'Q2000', 'Q5999'] }, id);
    expect(revealed.body).toEqual({ people: [person('Q1999'), person('Q2000'), person('Q5999')], unreadable: 0 });
  });
});
