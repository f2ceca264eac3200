import { Router, type Request } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { isUuid, uuidParams } from '../../http/routeIds.ts';
import { userReadRunner, userReads, userRunner, userTransactions, userVersionedReads } from '../../http/transaction.ts';
import { ReplyCache } from '../../http/replyCache.ts';
import type { RowsForReply } from '../../repositories/rowsRepository.ts';
import { replyByVersion, versionTag } from '../../http/revalidation.ts';
import { parse, parseInSlices } from '../../http/validate.ts';
import type { AiRuntime } from '../../services/ai/availability.ts';
import { classifyStep } from '../../services/classifyStep.ts';
import {
  changeReferenceVersion,
  createDataset,
  datasetDetail,
  datasetRows,
  datasetTitles,
  deleteDataset,
  listDatasets,
  renameDataset,
  saveDatasetSettings,
  type DatasetVersion,
} from '../../services/datasets.ts';
import { listEngagementOverrides, removeOverride, setOverride } from '../../services/overrides.ts';
import type { OverridesReply, RemoveOverrideReply, SetOverrideReply } from '../../../schema/api/overrides.ts';
import { titleContexts } from '../../services/titleContexts.ts';
import { appendChunk, completeUpload } from '../../services/upload.ts';
import { presentDataset, presentDatasetPage, presentRowsPage, presentTitles } from './present.ts';
import { chunkBody, chunkBodyParts, classifyBody, createDatasetBody, deleteOverrideQuery, putOverrideBody, referenceChangeBody, rowsPageQuery, titleContextsQuery, updateDatasetBody } from './schema.ts';

/**
 * The dataset page, titles and rows by id: their routes identify the caller in the statement that reads the
 * dataset's version (authenticate's identifiedByRoute). A GET only, only a UUID id and, for rows, only a valid
 * page query: any other id answers 404 and a bad query 400 from the route, and neither refusal may come before
 * the caller is identified (an ended session is 401 whatever its query).
 */
export function identifiedByVersionedRead(req: Request): boolean {
  if (req.method !== 'GET') return false;
  const [, datasets, id, part, ...rest] = req.path.split('/');
  if (datasets !== 'datasets' || !isUuid(id ?? '') || rest.length > 0) return false;
  if (part === undefined || part === 'titles') return true;
  return part === 'rows' && rowsPageQuery.safeParse(req.query).success;
}

// Built replies kept per process, with their compressed forms.
const BUILT_REPLIES_BYTES = 64 * 1024 * 1024;

/**
 * The dataset page, titles and rows: the reads most requests are. They answer 304 to a browser holding the current
 * version's copy, and send a version's text built already without reading it again (http/revalidation.ts).
 * Mounted right after authenticate, apart from datasetsRoutes, so a read is not first matched against every other
 * resource's routes: routing was the largest share of the page's own work once its reply was kept built.
 */
export function datasetReadsRoutes(config: Config, database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');
  const built = new ReplyCache(BUILT_REPLIES_BYTES);
  const versionedReads = (req: Request) => userVersionedReads(database, req);
  const pageTag = (v: DatasetVersion) => versionTag(config.version, 'page', v.version, v.latestReferenceVersion);
  const titlesTag = (v: DatasetVersion) => versionTag(config.version, 'titles', v.version);
  const rowsTag = (v: DatasetVersion) => versionTag(config.version, 'rows', v.version);

  router.get('/datasets/:id', async (req, res) => {
    await replyByVersion(req, res, {
      built, key: req.params.id, tagOf: pageTag, present: presentDatasetPage,
      read: (skipRead) => datasetDetail(versionedReads(req), req.params.id, skipRead),
    });
  });

  router.get('/datasets/:id/rows', async (req, res) => {
    const { offset, limit } = parse(rowsPageQuery, req.query, 'query');
    await replyByVersion(req, res, {
      built, key: `${req.params.id} ${offset} ${limit}`, tagOf: rowsTag, present: (rows: RowsForReply) => presentRowsPage(rows, offset, limit),
      read: (skipRead) => datasetRows(versionedReads(req), req.params.id, offset, limit, skipRead),
    });
  });

  router.get('/datasets/:id/titles', async (req, res) => {
    await replyByVersion(req, res, {
      built, key: req.params.id, tagOf: titlesTag, present: presentTitles,
      read: (skipRead) => datasetTitles(versionedReads(req), req.params.id, skipRead),
    });
  });

  return router;
}

export function datasetsRoutes(config: Config, database: Database, ai: AiRuntime): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);
  const reads = userReads(database);

  router.get('/datasets/:id/titles/contexts', async (req, res) => {
    const { title } = parse(titleContextsQuery, req.query, 'query');
    res.json(await reads(req, (ctx) => titleContexts(ctx, req.params.id, title)));
  });

  router.get('/engagements/:id/datasets', async (req, res) => {
    res.json({ datasets: (await tx(req, (ctx) => listDatasets(ctx, req.params.id))).map(presentDataset) });
  });

  router.post('/engagements/:id/datasets', async (req, res) => {
    const body = parse(createDatasetBody, req.body);
    const dataset = await tx(req, (ctx) => createDataset(ctx, req.params.id, body, config.identityKek !== null));
    res.status(201).json({ dataset: presentDataset(dataset) });
  });

  router.patch('/datasets/:id', async (req, res) => {
    const body = parse(updateDatasetBody, req.body);
    const dataset = await tx(req, (ctx) => ('name' in body ? renameDataset(ctx, req.params.id, body.name) : saveDatasetSettings(ctx, req.params.id, body.settings)));
    res.json({ dataset: presentDataset(dataset) });
  });

  router.delete('/datasets/:id', async (req, res) => {
    await tx(req, (ctx) => deleteDataset(ctx, req.params.id));
    res.status(204).end();
  });

  router.post('/datasets/:id/rows', async (req, res) => {
    const { chunk, rows, identities } = await parseInSlices(chunkBody, req.body, chunkBodyParts);
    const withIdentities = identities ? { entries: identities, masterKey: config.identityKek } : null;
    const runners = { dialect: database.dialect, read: userReadRunner(database, req), write: userRunner(database, req) };
    const result = await appendChunk(runners, req.params.id, chunk, rows, withIdentities);
    res.status(result.duplicate ? 200 : 201).json(result);
  });

  router.post('/datasets/:id/complete', async (req, res) => {
    res.json(await tx(req, (ctx) => completeUpload(ctx, req.params.id)));
  });

  router.post('/datasets/:id/classify', async (req, res) => {
    const { useAi } = parse(classifyBody, req.body);
    res.json(await classifyStep(userRunner(database, req), req.params.id, useAi, ai));
  });

  router.post('/datasets/:id/reference', async (req, res) => {
    const { version } = parse(referenceChangeBody, req.body);
    res.json({ dataset: presentDataset(await tx(req, (ctx) => changeReferenceVersion(ctx, req.params.id, version))) });
  });

  router.get('/engagements/:id/overrides', async (req, res) => {
    const reply: OverridesReply = { overrides: await tx(req, (ctx) => listEngagementOverrides(ctx, req.params.id)) };
    res.json(reply);
  });

  router.put('/engagements/:id/overrides', async (req, res) => {
    const body = parse(putOverrideBody, req.body);
    const reply: SetOverrideReply = await tx(req, (ctx) => setOverride(ctx, req.params.id, body));
    res.json(reply);
  });

  router.delete('/engagements/:id/overrides', async (req, res) => {
    const { title, scope } = parse(deleteOverrideQuery, req.query, 'query');
    const reply: RemoveOverrideReply = await tx(req, (ctx) => removeOverride(ctx, req.params.id, title, scope));
    res.json(reply);
  });

  return router;
}
