/** What PostgreSQL search adds to the schema (a migration after the papers and core tables). */
export const searchSchema = `SELECT 1;`;
