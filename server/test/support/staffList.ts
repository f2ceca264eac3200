import type { TestServer } from './testServer.ts';

export interface TestRow {
  employeeId: string;
  managerEmployeeId?: string | null;
  title: string;
  salary?: number | null;
  fte?: number | null;
  location?: string | null;
  division?: string | null;
  organisation?: string | null;
  grade?: string | null;
  group?: string | null;
  attributes?: Record<string, string | number | null> | null;
}

/** A small staff list: a CEO, two managers and their reports. */
export function smallStaffList(): TestRow[] {
  return [
    { employeeId: 'E1', managerEmployeeId: null, title: 'Chief Executive Officer', salary: 200000, location: 'London' },
    { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Finance Manager', salary: 80000 },
    { employeeId: 'E3', managerEmployeeId: 'E2', title: 'Payroll Administrator', salary: 30000, fte: 0.6 },
    { employeeId: 'E4', managerEmployeeId: 'E2', title: 'Payroll Administrator', salary: 32000 },
    { employeeId: 'E5', managerEmployeeId: 'E1', title: 'Store Manager', salary: 45000 },
    { employeeId: 'E6', managerEmployeeId: 'E5', title: 'Sales Assistant', salary: null },
  ];
}

export async function newEngagement(server: TestServer, cookie: string, body: Record<string, unknown> = {}): Promise<string> {
  const reply = await server.call('/api/engagements', { body: { name: 'Pipeline test', ...body }, cookie });
  if (reply.status !== 201) throw new Error(`engagement: ${reply.status} ${reply.text}`);
  return reply.body.engagement.id;
}

export async function newDataset(server: TestServer, cookie: string, engagementId: string, expectedRows: number, body: Record<string, unknown> = {}): Promise<string> {
  const reply = await server.call(`/api/engagements/${engagementId}/datasets`, { body: { name: 'Staff list', expectedRows, ...body }, cookie });
  if (reply.status !== 201) throw new Error(`dataset: ${reply.status} ${reply.text}`);
  return reply.body.dataset.id;
}

export async function uploadRows(server: TestServer, cookie: string, datasetId: string, rows: TestRow[]): Promise<void> {
  for (let chunk = 0; chunk * 2000 < rows.length; chunk += 1) {
    const reply = await server.call(`/api/datasets/${datasetId}/rows`, { body: { chunk, rows: rows.slice(chunk * 2000, (chunk + 1) * 2000) }, cookie });
    if (reply.status !== 201) throw new Error(`chunk ${chunk}: ${reply.status} ${reply.text}`);
  }
}

/** Create, upload, complete: a dataset waiting to be classified. */
export async function uploadedDataset(server: TestServer, cookie: string, engagementId: string, rows: TestRow[], body: Record<string, unknown> = {}): Promise<string> {
  const datasetId = await newDataset(server, cookie, engagementId, rows.length, body);
  await uploadRows(server, cookie, datasetId, rows);
  const complete = await server.call(`/api/datasets/${datasetId}/complete`, { method: 'POST', body: {}, cookie });
  if (complete.status !== 200) throw new Error(`complete: ${complete.status} ${complete.text}`);
  return datasetId;
}

/** Calls classify until nothing is pending, as the browser does; returns every step's reply. */
export async function classifyUntilDone(server: TestServer, cookie: string, datasetId: string, body: Record<string, unknown> = {}): Promise<any[]> {
  const replies = [];
  for (let i = 0; i < 20; i += 1) {
    const reply = await server.call(`/api/datasets/${datasetId}/classify`, { body, cookie });
    if (reply.status !== 200) throw new Error(`classify: ${reply.status} ${reply.text}`);
    replies.push(reply.body);
    if (reply.body.pending === 0) return replies;
  }
  throw new Error('classify did not finish in 20 steps');
}

/** A ready dataset from rows. */
export async function readyDataset(server: TestServer, cookie: string, engagementId: string, rows: TestRow[], body: Record<string, unknown> = {}): Promise<string> {
  const datasetId = await uploadedDataset(server, cookie, engagementId, rows, body);
  await classifyUntilDone(server, cookie, datasetId);
  return datasetId;
}
