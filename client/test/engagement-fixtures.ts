// Server answers shared by the engagement page tests.
import type { FakeReply } from './fake-server.ts';
import type { Member, MyEngagement } from '../api/engagements.ts';
import type { Client } from '../api/clients.ts';
import type { Session } from '../api/session.ts';
import type { Dataset, DatasetDetail, DatasetProgress, DatasetWithSummary } from '../api/datasets.ts';
import type { Override } from '../api/overrides.ts';

export const LEA: Session = {
  user: { id: '11111111-1111-4111-8111-111111111111', email: 'lea.lead@example.com', name: 'Lea Lead', role: 'user', active: true },
  environment: 'development',
  aiEnabled: false,
  signInMode: 'development',
};

export const ENGAGEMENT_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

export function engagement(overrides: Partial<MyEngagement> = {}): MyEngagement {
  return {
    id: ENGAGEMENT_ID,
    clientId: null,
    name: 'Northwind review',
    status: 'active',
    pack: 'general',
    region: 'uk-london',
    shareClassificationCache: true,
    benchmarkParticipation: true,
    retentionDays: 90,
    reportNotes: null,
    identityStorage: true,
    createdBy: '11111111-1111-4111-8111-111111111111',
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    closedAt: null,
    purgedAt: null,
    role: 'lead',
    piiAccess: false,
    ...overrides,
  };
}

/** A client as GET /api/clients lists it. */
export function clientRecord(overrides: Partial<Client> = {}): Client {
  return {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    name: 'Northwind',
    sector: null,
    notes: null,
    archived: false,
    createdBy: '11111111-1111-4111-8111-111111111111',
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    hasBrand: false,
    ...overrides,
  };
}

/** A list read with nothing to note, as the server stores its counts. */
export const NO_IMPORT_STATS = { rowsRead: 41, implausibleFte: 0, skippedNoTitle: 0, generatedIds: 0, unresolvedManagers: 0, unmatchedManagers: 0, sharedEmails: 0, unreadableCells: 0 };

/** A dataset as the dataset routes answer it (without its summary). */
export function datasetOf(overrides: Partial<Dataset> = {}): Dataset {
  return {
    id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    engagementId: ENGAGEMENT_ID,
    name: 'March list',
    status: 'uploading',
    referenceVersion: 1,
    settings: {},
    columnMapping: null,
    expectedRows: 120,
    uploadedRows: 0,
    useAi: true,
    withIdentities: false,
    headcount: null,
    totalCogs: null,
    duplicateEmployeeIds: 0,
    importStats: NO_IMPORT_STATS,
    createdAt: '2026-03-05T09:00:00.000Z',
    finalizedAt: null,
    ...overrides,
  };
}

/** The dataset page's reply (GET /datasets/:id) for a dataset, with its progress (nothing pending unless given). */
export function detailOf(dataset: DatasetWithSummary, progress: Partial<DatasetProgress> = {}, latestReferenceVersion = 1): DatasetDetail {
  return { dataset, progress: { total: 0, pending: 0, bySource: {}, ...progress }, latestReferenceVersion };
}

/** An override as the override routes answer it: the title everywhere unless a scope is given. */
export function overrideOf(overrides: Partial<Override> = {}): Override {
  return {
    normalisedTitle: 'payroll clerk',
    title: 'Payroll clerk',
    usSoc2018: '43-3051',
    ukSoc2020: '4214',
    category: 'Finance',
    subcategory: 'Payroll',
    scope: null,
    updatedAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export const LEA_MEMBER: Member = { userId: LEA.user.id, email: LEA.user.email, name: 'Lea Lead', active: true, role: 'lead', piiAccess: false };
export const ARI_MEMBER: Member = {
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'ari.analyst@example.com',
  name: 'Ari Analyst',
  active: true,
  role: 'analyst',
  piiAccess: false,
};

export const REFERENCE_ROUTES: Record<string, FakeReply> = {
  'GET /api/reference': { status: 200, body: { version: 3, publishedAt: '2025-01-01T00:00:00.000Z', notes: 'Third' } },
  'GET /api/reference/versions/3': {
    status: 200,
    body: {
      version: 3,
      status: 'published',
      publishedAt: '2025-01-01T00:00:00.000Z',
      notes: 'Third',
      data: {
        packs: [
          { id: 'general', label: 'General' },
          { id: 'financial-services', label: 'Financial services' },
        ],
        locations: {
          regions: [
            { key: 'uk-london', label: 'London' },
            { key: 'uk-north', label: 'North of England' },
          ],
        },
      },
    },
  },
};

/** The visible text of an element's shadow root, whitespace collapsed. */
export function rootText(element: Element | null | undefined): string {
  return (element?.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
