-- 0025 (issue 12, items 3 and 6).
--
-- Simulations read only the rows their holder can look at (server/reports/holder-slice.ts):
-- these indexes find a user's assignments and profiles, a role tree's rows and a profile tree's
-- rows of one import without scanning the import. On the partitioned tables the index is
-- declared on the parent, so every partition has it and each import's partition gets it when
-- it is attached.
CREATE INDEX sap_agr_1251_role_idx ON sap_agr_1251 (agr_name);
CREATE INDEX sap_ust12_object_auth_idx ON sap_ust12 (objct, auth);
CREATE INDEX sap_agr_users_role_idx ON sap_agr_users (import_id, agr_name);
CREATE INDEX sap_agr_agrs_child_idx ON sap_agr_agrs (import_id, child_agr);
CREATE INDEX sap_agr_1252_role_idx ON sap_agr_1252 (import_id, agr_name);
CREATE INDEX sap_agr_1016_profile_idx ON sap_agr_1016 (import_id, profile);
CREATE INDEX sap_ust04_user_idx ON sap_ust04 (import_id, bname);
CREATE INDEX sap_ust10c_profile_idx ON sap_ust10c (import_id, profn);
CREATE INDEX sap_ust10s_profile_idx ON sap_ust10s (import_id, profn);
CREATE INDEX sap_usrefus_user_idx ON sap_usrefus (import_id, bname);

-- Uploads live in the database (server/uploads/stored-uploads.ts), so an import job runs on any
-- worker that reaches the database, with no shared folder: one row per uploaded file, its
-- bytes in chunks written and read as streams.
CREATE TABLE stored_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  upload_id uuid NOT NULL,
  file_no integer NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (upload_id, file_no)
);
CREATE TABLE stored_upload_chunks (
  file_id uuid NOT NULL REFERENCES stored_uploads (id) ON DELETE CASCADE,
  n integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (file_id, n)
);
