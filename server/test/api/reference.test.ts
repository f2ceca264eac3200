import { describe, expect, it } from 'vitest';
import { asOwner } from '../../db/connection.ts';
import { HttpError } from '../../http/httpError.ts';
import { recordAudit } from '../../services/audit.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

describe.each(BACKENDS)('reference data versions on %s', (backend) => {
  const api = serverFor(backend, { admin: 'admin@example.com', analyst: 'analyst@example.com' });
  const draftPath = '/api/admin/reference/draft';

  const latestAudit = async (action: string) => (await api.server.call(`/api/admin/audit?action=${action}&limit=1`, { cookie: api.admin })).body.events[0];
  const save = (body: unknown) => api.server.call(draftPath, { method: 'PUT', body, cookie: api.admin });

  it('seeds version 1 and serves it as the live version to any signed-in user', async () => {
    const live = await api.server.call('/api/reference', { cookie: api.analyst });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ version: 1, publishedAt: expect.any(String) });
    const full = await api.server.call('/api/reference/versions/1', { cookie: api.analyst });
    expect(full.body).toMatchObject({ version: 1, status: 'published' });
    expect(full.body.data.schemaVersion).toBe(1);
  });

  it('answers 404 for a version that is not a number or does not exist', async () => {
    expect((await api.server.call('/api/reference/versions/one', { cookie: api.analyst })).status).toBe(404);
    expect((await api.server.call('/api/reference/versions/999', { cookie: api.analyst })).status).toBe(404);
  });

  it('answers 403 forbidden to a non-admin on every administration route, drafts included', async () => {
    expect((await api.server.call('/api/admin/reference', { cookie: api.analyst })).status).toBe(403);
    expect((await api.server.call(draftPath, { method: 'POST', body: {}, cookie: api.analyst })).status).toBe(403);
    expect((await api.server.call('/api/reference/versions/draft', { cookie: api.analyst })).status).toBe(403);
  });

  describe('draft, save, publish', () => {
    it('creates one draft at a time (409 for a second) and audits reference_draft_created', async () => {
      const created = await api.server.call(draftPath, { method: 'POST', body: {}, cookie: api.admin });
      expect(created.status).toBe(201);
      expect(created.body.draft).toMatchObject({ basedOn: 1, notes: null });
      expect(created.body.draft.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);
      expect((await latestAudit('reference_draft_created')).details).toEqual({ basedOn: 1 });
      const second = await api.server.call(draftPath, { method: 'POST', body: {}, cookie: api.admin });
      expect(second.status).toBe(409);
      expect(second.body.error).toBe('conflict');
    });

    it('saves one section, and reads it back with live validation issues', async () => {
      const reply = await save({ section: 'org', value: { narrowSpan: 12, wideSpan: 4 } });
      expect(reply.status).toBe(200);
      expect(reply.body.draft.data.org).toEqual({ narrowSpan: 12, wideSpan: 4 });
      const read = await api.server.call(draftPath, { cookie: api.admin });
      const errors = read.body.draft.issues.filter((i: { severity: string }) => i.severity === 'error');
      expect(errors.map((i: { path: string }) => i.path)).toContain('org.narrowSpan');
    });

    it('refuses a save whose shape is invalid with 400 invalid_reference_data, leaving the draft as it was', async () => {
      const reply = await save({ section: 'org', value: { narrowSpan: 'three' } });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('invalid_reference_data');
      expect(reply.body.issues.length).toBeGreaterThan(0);
      expect((await api.server.call(draftPath, { cookie: api.admin })).body.draft.data.org).toEqual({ narrowSpan: 12, wideSpan: 4 });
    });

    it('refuses to publish while errors exist', async () => {
      const reply = await api.server.call(`${draftPath}/publish`, { body: { notes: 'Tighter spans' }, cookie: api.admin });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('invalid_reference_data');
      expect(reply.body.issues.map((i: { path: string }) => i.path)).toContain('org.narrowSpan');
    });

    it('answers 400 validation_error for publish notes under 3 characters', async () => {
      const reply = await api.server.call(`${draftPath}/publish`, { body: { notes: 'ok' }, cookie: api.admin });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    });

    it('refuses publish notes holding an email, full-width and behind zero-width spaces too, with 400 validation_error naming notes; publishes and audits nothing', async () => {
      await save({ section: 'org', value: { narrowSpan: 3, wideSpan: 12 } });
      for (const notes of ['Checked with someone@client.com', 'Checked with some\u200bone＠client．com', 'Checked with someone[at]client。com']) {
        const reply = await api.server.call(`${draftPath}/publish`, { body: { notes }, cookie: api.admin });
        expect(reply.status, notes).toBe(400);
        expect(reply.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'notes' }] });
      }
      expect((await api.server.call('/api/reference', { cookie: api.analyst })).body.version).toBe(1);
      expect(await latestAudit('reference_published')).toBeUndefined();
    });

    it('has the audit trail itself refuse notes holding an email as a 400 naming notes, should a service ever pass one', async () => {
      const writing = asOwner(api.server.database, (tx) => recordAudit(tx, { actor: null, action: 'reference_published', details: { version: 9 }, publishNotes: 'Asked some\u200bone＠client.com' }));
      await expect(writing).rejects.toMatchObject({ constructor: HttpError, status: 400, code: 'validation_error', issues: [{ path: 'notes' }] });
      expect(await latestAudit('reference_published')).toBeUndefined();
    });

    it('refuses publish notes of invisible characters only: they are under 3 characters once normalised', async () => {
      const reply = await api.server.call(`${draftPath}/publish`, { body: { notes: '\u200b\u200b\u200b\u200b' }, cookie: api.admin });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'notes' }] });
    });

    it('saves notes, publishes version 2 and audits reference_published with notes and warning count', async () => {
      await save({ section: 'org', value: { narrowSpan: 3, wideSpan: 12 } });
      expect((await save({ notes: 'Working notes' })).body.draft.notes).toBe('Working notes');
      const reply = await api.server.call(`${draftPath}/publish`, { body: { notes: 'Spans aligned with the new bands' }, cookie: api.admin });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ version: 2, warnings: expect.any(Number) });
      const event = await latestAudit('reference_published');
      expect(event.details).toEqual({ version: 2, warnings: reply.body.warnings, basedOn: 1, notes: 'Spans aligned with the new bands' });
      expect((await api.server.call('/api/reference', { cookie: api.analyst })).body).toMatchObject({ version: 2, notes: 'Spans aligned with the new bands' });
      expect((await api.server.call('/api/reference/versions/1', { cookie: api.analyst })).body.data.org).not.toEqual({ narrowSpan: 3, wideSpan: 12 });
      expect((await api.server.call(draftPath, { cookie: api.admin })).body.draft).toBeNull();
    });

    it('answers 404 to save when there is no draft: published versions cannot be edited', async () => {
      const reply = await save({ section: 'org', value: { narrowSpan: 2, wideSpan: 10 } });
      expect(reply.status).toBe(404);
    });

    it('discards a draft and audits reference_draft_discarded', async () => {
      await api.server.call(draftPath, { method: 'POST', body: { basedOn: 1 }, cookie: api.admin });
      const reply = await api.server.call(draftPath, { method: 'DELETE', cookie: api.admin });
      expect(reply.status).toBe(204);
      expect((await latestAudit('reference_draft_discarded')).details).toEqual({ basedOn: 1 });
      expect((await api.server.call(draftPath, { method: 'DELETE', cookie: api.admin })).status).toBe(404);
    });

    it('lists versions and the draft in the overview', async () => {
      const overview = await api.server.call('/api/admin/reference', { cookie: api.admin });
      expect(overview.body.current.version).toBe(2);
      expect(overview.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect(overview.body.draft).toBeNull();
    });

    it('answers 413 for a whole-document save over 4 MB', async () => {
      await api.server.call(draftPath, { method: 'POST', body: {}, cookie: api.admin });
      const reply = await save({ data: { padding: 'x'.repeat(4 * 1024 * 1024 + 10) } });
      expect(reply.status).toBe(413);
      await api.server.call(draftPath, { method: 'DELETE', cookie: api.admin });
    });
  });
});
