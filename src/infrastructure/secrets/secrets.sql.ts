import { statement } from '../../database/sql';

/*
 * The statements of `instance_secrets` (SecretsRepository). They run at start-up, before the
 * application's services (and `Sql`) exist, on the data source that start-up opened: their text is
 * sent as it is, and declared here so the snapshot in sql/ shows it.
 */

/** Stores the candidate value $2 of the key $1 unless the key exists. */
export const SECRET_INSERT = statement('secret_insert', 'INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING');

export const SECRET_VALUE = statement('secret_value', 'SELECT value FROM instance_secrets WHERE name = $1');
