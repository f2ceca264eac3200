import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { sqliteNoAtSign, timeColumn } from '../0001-core/fragments.ts';

/**
 * 0013: a person's name and email are sealed as one record, identity_enc (one AES-GCM operation a person
 * instead of one a field; server/crypto/identityCipher.ts). A row is either a record, with name_enc and
 * email_enc empty, or a row stored before it with one ciphertext per field; either way the blind index
 * exists exactly when an email was stored (for a record, the server writes the two together).
 *
 * Postgres adds the column and replaces 0001's table CHECK. SQLite cannot change a CHECK in place, so the
 * table is rebuilt with the same columns, keys and checks plus the new ones, and its rows copied over; no
 * index, trigger or view names it (0007 and 0012 dropped its indexes).
 */
const EITHER_FORM = `CHECK (
    (identity_enc IS NULL AND (email_enc IS NULL) = (email_hash IS NULL))
    OR (identity_enc IS NOT NULL AND name_enc IS NULL AND email_enc IS NULL)
  )`;

const POSTGRES = [
  `ALTER TABLE employee_identities ADD COLUMN identity_enc text CHECK (identity_enc <> '')`,
  `ALTER TABLE employee_identities DROP CONSTRAINT employee_identities_check`,
  `ALTER TABLE employee_identities ADD CONSTRAINT employee_identities_either_form ${EITHER_FORM}`,
];

const COLUMNS = 'dataset_id, engagement_id, employee_id, name_enc, email_enc, email_hash, created_at';

const SQLITE = [
  `CREATE TABLE employee_identities_0013 (
    dataset_id TEXT NOT NULL,
    engagement_id TEXT NOT NULL,
    employee_id TEXT NOT NULL CHECK (employee_id <> '' AND ${sqliteNoAtSign('employee_id')}),
    name_enc TEXT CHECK (name_enc <> ''),
    email_enc TEXT CHECK (email_enc <> ''),
    email_hash TEXT CHECK (email_hash <> ''),
    ${timeColumn('created_at')},
    identity_enc TEXT CHECK (identity_enc <> ''),
    PRIMARY KEY (dataset_id, employee_id),
    FOREIGN KEY (dataset_id, engagement_id) REFERENCES datasets (id, engagement_id) ON DELETE CASCADE,
    ${EITHER_FORM}
  ) STRICT`,
  `INSERT INTO employee_identities_0013 (${COLUMNS}) SELECT ${COLUMNS} FROM employee_identities`,
  'DROP TABLE employee_identities',
  'ALTER TABLE employee_identities_0013 RENAME TO employee_identities',
];

export const identityRecordsMigration: Migration = {
  async up(db) {
    await runMigration(db, { postgres: POSTGRES, sqlite: SQLITE });
  },
};
