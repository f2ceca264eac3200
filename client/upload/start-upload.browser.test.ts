import { expect } from '@esm-bundle/chai';
import { appDatabase } from '../storage/db.ts';
import { installFakeServer, type FakeServer } from '../test/fake-server.ts';
import { DexieUploadQueue } from './queue-store.ts';
import { startUpload } from './start-upload.ts';
import { emptyStats } from '../../workers/import/rows.ts';
import { sampleRows } from './test/scripted-fetch.ts';
import { datasetOf } from '../test/engagement-fixtures.ts';

const ENGAGEMENT = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const DATASET = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

describe('starting an upload', () => {
  let server: FakeServer | null = null;
  const queue = new DexieUploadQueue(appDatabase());

  afterEach(async () => {
    server?.restore();
    server = null;
    await queue.remove(DATASET);
  });

  it('creates the dataset with the row count, mapping and import counts, then queues every row in chunks', async () => {
    server = installFakeServer({
      [`POST /api/engagements/${ENGAGEMENT}/datasets`]: (request) => ({
        status: 201,
        body: { dataset: datasetOf({ id: DATASET, engagementId: ENGAGEMENT, name: (request.body as { name: string }).name }) },
      }),
    });
    const recorded = { rowsRead: 4_102, skippedNoTitle: 2, implausibleFte: 1, generatedIds: 0, unresolvedManagers: 3, unmatchedManagers: 1, sharedEmails: 0, unreadableCells: 1 };
    const stats = { ...emptyStats(), ...recorded, salaryFromBand: 40 };
    const dataset = await startUpload({
      engagementId: ENGAGEMENT,
      name: 'March staff list',
      useAi: false,
      importResult: { rows: sampleRows(4_100), identities: [], stats, columnMapping: { 'Staff no': 'employeeId', 'Job title': 'title' } },
    });
    expect(dataset.id).to.equal(DATASET);
    expect(server.requests[0]!.body).to.deep.equal({
      name: 'March staff list',
      expectedRows: 4_100,
      useAi: false,
      columnMapping: { 'Staff no': 'employeeId', 'Job title': 'title' },
      importStats: recorded,
      // No region or on-cost chosen: the server takes the engagement's region and its on-cost.
      settings: {},
    });
    expect(await queue.pendingChunks(DATASET)).to.deep.equal([0, 1, 2]);
    expect((await queue.upload(DATASET))?.totalRows).to.equal(4_100);
  });

  it('queues nothing when the server refuses the dataset, and passes on its message', async () => {
    server = installFakeServer({
      [`POST /api/engagements/${ENGAGEMENT}/datasets`]: { status: 403, body: { error: 'forbidden', message: 'Only a lead or analyst can add datasets.' } },
    });
    const error = await startUpload({
      engagementId: ENGAGEMENT,
      name: 'March staff list',
      useAi: true,
      importResult: { rows: sampleRows(3), identities: [], stats: emptyStats(), columnMapping: {} },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('Only a lead or analyst can add datasets.');
    expect(await appDatabase().uploads.count()).to.equal(0);
  });
});
