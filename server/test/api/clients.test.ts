import { describe, expect, it } from 'vitest';
import { BACKENDS, serverFor } from '../support/testServer.ts';

const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const svg = (text: string) => `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;
const goodBrand = { logo: PNG_1PX, colours: { primary: '#1d3557', secondary: '#457b9d', accent: null }, font: 'Georgia' };

describe.each(BACKENDS)('clients and brands on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com', analyst: 'analyst@example.com', admin: 'admin@example.com', viewer: 'viewer@example.com' });

  const newClient = async (cookie = api.analyst) => (await api.server.call('/api/clients', { body: { name: 'Contoso', sector: 'Retail' }, cookie })).body.client;
  const adminAudit = async (action: string) => (await api.server.call(`/api/admin/audit?action=${action}&limit=1`, { cookie: api.admin })).body.events[0];

  it('creates a client and audits client_created with its id only', async () => {
    const reply = await api.server.call('/api/clients', { body: { name: 'Fabrikam', sector: 'Manufacturing', notes: 'Phase one' }, cookie: api.viewer });
    expect(reply.status).toBe(201);
    expect(reply.body.client).toMatchObject({ name: 'Fabrikam', sector: 'Manufacturing', notes: 'Phase one', archived: false, hasBrand: false });
    const event = await adminAudit('client_created');
    expect(event.details).toEqual({ clientId: reply.body.client.id });
  });

  it('lists all clients to any signed-in user', async () => {
    const client = await newClient();
    const list = (await api.server.call('/api/clients', { cookie: api.viewer })).body.clients;
    expect(list.map((c: { id: string }) => c.id)).toContain(client.id);
  });

  it("lets the creator or an admin change a client and answers 403 to anyone else", async () => {
    const client = await newClient(api.analyst);
    expect((await api.server.call(`/api/clients/${client.id}`, { method: 'PATCH', body: { archived: true }, cookie: api.viewer })).status).toBe(403);
    const byCreator = await api.server.call(`/api/clients/${client.id}`, { method: 'PATCH', body: { sector: 'Wholesale' }, cookie: api.analyst });
    expect(byCreator.body.client.sector).toBe('Wholesale');
    const byAdmin = await api.server.call(`/api/clients/${client.id}`, { method: 'PATCH', body: { archived: true }, cookie: api.admin });
    expect(byAdmin.body.client.archived).toBe(true);
    expect((await adminAudit('client_updated')).details).toEqual({ clientId: client.id, fields: ['archived'], archived: true });
  });

  it('refuses an engagement on an archived client', async () => {
    const client = await newClient();
    await api.server.call(`/api/clients/${client.id}`, { method: 'PATCH', body: { archived: true }, cookie: api.analyst });
    const reply = await api.server.call('/api/engagements', { body: { name: 'On archived', clientId: client.id }, cookie: api.lead });
    expect(reply.status).toBe(400);
  });

  describe('brand', () => {
    it('answers null and whether the caller may change it', async () => {
      const client = await newClient(api.analyst);
      expect((await api.server.call(`/api/clients/${client.id}/brand`, { cookie: api.analyst })).body).toEqual({ brand: null, canEdit: true });
      expect((await api.server.call(`/api/clients/${client.id}/brand`, { cookie: api.viewer })).body).toEqual({ brand: null, canEdit: false });
    });

    it('lets a lead of one of its engagements set it, and audits client_brand_updated', async () => {
      const client = await newClient(api.analyst);
      await api.server.call('/api/engagements', { body: { name: 'Branded', clientId: client.id }, cookie: api.lead });
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: goodBrand, cookie: api.lead });
      expect(reply.status).toBe(200);
      expect(reply.body.brand).toEqual(goodBrand);
      expect((await adminAudit('client_brand_updated')).details).toEqual({ clientId: client.id, logo: true, font: 'Georgia' });
    });

    it('answers 403 to a user who is neither admin, creator nor lead', async () => {
      const client = await newClient(api.analyst);
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: goodBrand, cookie: api.viewer });
      expect(reply.status).toBe(403);
    });

    it('refuses a primary colour that cannot carry white text', async () => {
      const client = await newClient(api.analyst);
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: { ...goodBrand, colours: { primary: '#f4d35e' } }, cookie: api.analyst });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('validation_error');
      expect(reply.body.issues[0].path).toBe('colours.primary');
    });

    it('refuses an SVG logo with active content', async () => {
      const client = await newClient(api.analyst);
      const logo = svg('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/me")</script></svg>');
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: { ...goodBrand, logo }, cookie: api.analyst });
      expect(reply.status).toBe(400);
      expect(reply.body.issues[0]).toMatchObject({ path: 'logo', message: expect.stringMatching(/script/) });
      expect((await api.server.call(`/api/clients/${client.id}/brand`, { cookie: api.analyst })).body.brand).toBeNull();
    });

    it('refuses a font outside the list of safe web fonts', async () => {
      const client = await newClient(api.analyst);
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: { ...goodBrand, font: 'Comic Sans MS' }, cookie: api.analyst });
      expect(reply.status).toBe(400);
      expect(reply.body.issues[0].path).toBe('font');
    });

    it('removes the brand and audits client_brand_removed', async () => {
      const client = await newClient(api.analyst);
      await api.server.call(`/api/clients/${client.id}/brand`, { method: 'PUT', body: goodBrand, cookie: api.analyst });
      const reply = await api.server.call(`/api/clients/${client.id}/brand`, { method: 'DELETE', cookie: api.analyst });
      expect(reply.status).toBe(204);
      expect((await api.server.call(`/api/clients/${client.id}/brand`, { cookie: api.analyst })).body.brand).toBeNull();
      expect((await adminAudit('client_brand_removed')).details).toEqual({ clientId: client.id });
    });
  });
});
