/** Migration 4 on PostgreSQL: SQLite's migration 14 (apps installed in many workspaces), the same columns. */
export const installationSchema = `
  CREATE TABLE installations (
    platform text NOT NULL,
    workspace_id text NOT NULL,
    secret text NOT NULL,
    metadata text NOT NULL,
    installed_at text NOT NULL,
    updated_at text NOT NULL,
    PRIMARY KEY (platform, workspace_id)
  );
`;
