// The dataset calls in Chromium, with the server faked at the fetch boundary.
import { expect } from '@esm-bundle/chai';
import { encodeTitlesList } from '../../workers/classify/titlesList.ts';
import { fetchTitles, type DatasetTitle } from './datasets.ts';
import { installFakeServer, type FakeServer } from '../test/fake-server.ts';

const DATASET_ID = '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d';
const SHARED_REASON = "head 'clerk' + 'payroll' → Payroll and Timekeeping Clerks / Book-keepers, payroll managers and wages clerks";
const alternative = { usSoc2018: '43-3031', ukSoc2020: '4122', score: 0.2, reason: SHARED_REASON };

const titles: DatasetTitle[] = [
  {
    title: 'Payroll Clerk', normalised: 'payroll clerk', headcount: 9, source: 'rules', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance',
    subcategory: 'Payroll', confidence: 0.62, reviewRequired: true, reason: SHARED_REASON, alternatives: [alternative],
    variants: [
      {
        source: 'override', usSoc2018: '43-3031', ukSoc2020: '4122', category: 'Finance', subcategory: 'Payroll', confidence: 1, reviewRequired: false, reason: null,
        alternatives: null, overrideScope: { kind: 'division', values: ['Sales'] }, contextKeys: ['Sales\u001f\u001f\u001f\u001f35'], label: 'Unit: Sales',
        splitBy: ['division'], scope: { kind: 'division', values: ['Sales'] }, headcount: 4,
      },
      {
        source: 'rules', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance', subcategory: 'Payroll', confidence: 0.62, reviewRequired: true,
        reason: SHARED_REASON, alternatives: [alternative], contextKeys: ['Legal\u001f\u001f\u001f\u001f35'], label: 'Unit: Legal', splitBy: ['division'],
        scope: { kind: 'division', values: ['Legal'] }, headcount: 5,
      },
    ],
  },
  {
    title: 'Snr Payroll Clerk', normalised: 'senior payroll clerk', headcount: 2, source: 'rules', usSoc2018: '43-3051', ukSoc2020: '4122', category: 'Finance',
    subcategory: 'Payroll', confidence: 0.7, reviewRequired: false, reason: SHARED_REASON, alternatives: [alternative], variants: null,
  },
  {
    title: 'Unread', normalised: 'unread', headcount: 1, source: 'pending', usSoc2018: null, ukSoc2020: null, category: null, subcategory: null, confidence: null,
    reviewRequired: false, reason: null, alternatives: [], variants: null,
  },
];

describe('datasets api', () => {
  let server: FakeServer | null = null;
  afterEach(() => server?.restore());

  it('reads the compact titles list back as the titles the page shows, each shared reason sent once', async () => {
    const list = encodeTitlesList(titles);
    expect(list.texts.filter((t) => t === SHARED_REASON)).to.have.length(1);
    expect(list.alternatives).to.have.length(1);
    server = installFakeServer({ [`GET /api/datasets/${DATASET_ID}/titles`]: { status: 200, body: list } });

    expect(await fetchTitles(DATASET_ID)).to.deep.equal(titles);
  });
});
