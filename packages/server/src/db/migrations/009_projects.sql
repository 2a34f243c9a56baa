-- Per-project remote config (GET /appkit/v1/config, GET /projects/v1/origins), written by the admin
-- CLI (`portico-api project set-origins | set-features`). A project without a row, or a column left
-- NULL / a flag absent from `features`, gets the server's configured value.

CREATE SCHEMA portico_projects;

CREATE TABLE portico_projects.projects (
  id text PRIMARY KEY,
  -- The origins the project may be embedded on (same rule syntax as the server's allowedOrigins); NULL: the server's list.
  allowed_origins text[],
  -- Feature flags set for the project (a partial RemoteFeatures object); flags absent here: the server's.
  features jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
