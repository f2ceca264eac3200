import type { Kysely, Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { aiOutputs, copilotPlans, datasets, datasetTitles, employeeIdentities, employeeRows, uploadChunks } from './datasets.ts';
import { aiUsage, auditEvents, engagementMembers, engagements, overrides } from './engagements.ts';
import type { TableDdl } from './fragments.ts';
import { clients, devSessions, users } from './people.ts';
import { classificationCache, promptVersions, referenceVersions } from './platform.ts';
import { postgresTriggers, sqliteTriggers } from './triggers.ts';

/** Parents before children, so every foreign key names an existing table. */
const TABLES: TableDdl[] = [
  users,
  devSessions,
  clients,
  engagements,
  engagementMembers,
  datasets,
  uploadChunks,
  employeeRows,
  employeeIdentities,
  datasetTitles,
  overrides,
  aiOutputs,
  copilotPlans,
  referenceVersions,
  promptVersions,
  classificationCache,
  aiUsage,
  auditEvents,
];

/** 0001: every table of the data model, its constraints and indexes, and the data-rule triggers. */
export const coreMigration: Migration = {
  async up(db: Kysely<any>) {
    await runMigration(db, {
      postgres: [...TABLES.flatMap((table) => [table.postgres, ...table.indexes]), ...postgresTriggers],
      sqlite: [...TABLES.flatMap((table) => [table.sqlite, ...table.indexes]), ...sqliteTriggers],
    });
  },
};
