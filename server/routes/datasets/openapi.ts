import { titlesListSchema } from '../../../schema/titlesList.ts';
import type { RouteArea } from '../../http/openapi.ts';
import { chunkBody, classifyBody, createDatasetBody, deleteOverrideQueryFields, putOverrideBody, referenceChangeBody, rowsPageQuery, titleContextsQuery, updateDatasetBody } from './schema.ts';
import { chunkReply, classifyReply, completeReply, datasetDetailReply, datasetReply, datasetsReply, titleContextsReply } from '../../../schema/api/datasets.ts';
import { overridesReply, removeOverrideReply, setOverrideReply } from '../../../schema/api/overrides.ts';
import { rowsPageReply } from '../../../schema/api/rows.ts';

export const datasetsApi: RouteArea = {
  tag: 'Datasets',
  routes: {
    'GET /engagements/:id/datasets': { summary: "The engagement's datasets", who: 'member', reply: datasetsReply },
    'POST /engagements/:id/datasets': { summary: 'Create a dataset pinned to the current reference version', who: 'lead, analyst', body: createDatasetBody, reply: datasetReply, status: 201 },
    'GET /datasets/:id': { summary: 'Detail, summary, settings, mapping, progress and the latest reference version', who: 'member', reply: datasetDetailReply },
    'PATCH /datasets/:id': { summary: 'Rename, or save settings and rescore', who: 'lead, analyst', body: updateDatasetBody, reply: datasetReply },
    'DELETE /datasets/:id': { summary: 'Delete a dataset', who: 'lead, analyst', status: 204 },
    'POST /datasets/:id/rows': { summary: 'Upload one chunk of up to 2,000 rows (a repeated chunk answers { duplicate: true })', who: 'lead, analyst', body: chunkBody, reply: chunkReply, status: 201 },
    'POST /datasets/:id/complete': { summary: 'Finish the upload: check every row arrived and group the titles', who: 'lead, analyst', reply: completeReply },
    'POST /datasets/:id/classify': { summary: 'One bounded classification step; repeat until pending is 0', who: 'lead, analyst', body: classifyBody, reply: classifyReply },
    'GET /datasets/:id/rows': { summary: 'Rows in upload order, up to 10,000 a page', who: 'member', query: rowsPageQuery, reply: rowsPageReply },
    'GET /datasets/:id/titles': {
      summary: "Each title's classification and whether it needs review, as a compact list: each repeated reason, category and alternative once",
      who: 'member',
      reply: titlesListSchema,
    },
    'GET /datasets/:id/titles/contexts': {
      summary: "The units, organisations, grades and professional groups one title's rows hold, with their people, to limit a correction to some of them",
      who: 'member',
      query: titleContextsQuery,
      reply: titleContextsReply,
    },
    'POST /datasets/:id/reference': { summary: 'Rescore onto a published reference version (newest by default)', who: 'lead, analyst', body: referenceChangeBody, reply: datasetReply },
    'GET /engagements/:id/overrides': { summary: "The engagement's title overrides", who: 'member', reply: overridesReply },
    'PUT /engagements/:id/overrides': { summary: 'Set an override for a title, everywhere or for the rows of one context, and rescore every dataset holding it', who: 'lead, analyst', body: putOverrideBody, reply: setOverrideReply },
    'DELETE /engagements/:id/overrides': { summary: 'Remove an override (of the title everywhere, or of one scope) and re-resolve the title without AI', who: 'lead, analyst', query: deleteOverrideQueryFields, reply: removeOverrideReply },
  },
};
