/**
 * What a downgrade meets: a database whose schema a newer paperboy upgraded. Migrations only go forward
 * (each engine's runner appends, never reverses), so an older paperboy refuses to touch it, and says how
 * to go back: run the newer paperboy again, or restore the backup made before the upgrade.
 */
import { PaperboyError } from '../errors';

export function newerSchemaError(
  where: string,
  version: number,
  known: number,
  goBack: string,
): PaperboyError {
  return new PaperboyError(
    'store_unavailable',
    `The database ${where} is at schema version ${version}, newer than this paperboy (${known}): a newer ` +
      'paperboy upgraded it, and this one leaves it untouched (a downgrade never rewrites the database). ' +
      `Run the newer paperboy again, or, to go back to this one, ${goBack}.`,
  );
}
