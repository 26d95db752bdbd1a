import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole data model of SPEC section 3 (DESIGN section 3 for the constraints). */
export class InitialSchema1795313379435 implements MigrationInterface {
  name = 'InitialSchema1795313379435';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 200),
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin', 'super_admin')),
        eok_api_key text,
        password_changed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`);

    await q.query(`
      CREATE TABLE workflows (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL CHECK (char_length(btrim(name)) > 0),
        category text NOT NULL DEFAULT 'Image Generation',
        tags text[] NOT NULL DEFAULT '{}',
        workflow_type text NOT NULL CHECK (workflow_type IN ('slug', 'comfyui')),
        workflow_slug text,
        source_file text,
        graph jsonb,
        configurable_params jsonb,
        eok_runtime text,
        eok_bucket_name text,
        eok_provider text NOT NULL DEFAULT 'novita'
          CHECK (eok_provider IN ('novita', 'vast', 'novita-serverless')),
        eok_generation_type text NOT NULL DEFAULT 'image' CHECK (eok_generation_type IN ('image', 'video')),
        eok_pre_classification_type text NOT NULL DEFAULT 'permissive'
          CHECK (eok_pre_classification_type IN ('permissive', 'strict')),
        eok_post_classification_type text NOT NULL DEFAULT 'permissive'
          CHECK (eok_post_classification_type IN ('permissive', 'strict')),
        seed_mode text NOT NULL DEFAULT 'random' CHECK (seed_mode IN ('random', 'fixed')),
        download_dir text,
        is_hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (workflow_type <> 'slug' OR workflow_slug IS NOT NULL)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX workflows_source_file_key ON workflows (source_file) WHERE source_file IS NOT NULL`,
    );
    await q.query(`CREATE INDEX workflows_workflow_slug_idx ON workflows (workflow_slug)`);

    await q.query(`
      CREATE TABLE override_definitions (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        override_key text NOT NULL CHECK (override_key ~ '^override_[A-Za-z0-9_]+$'),
        display_name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'integer', 'float', 'boolean', 'select')),
        validation_rules jsonb NOT NULL DEFAULT '{}',
        category text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT override_definitions_key_key UNIQUE (override_key)
      )`);

    await q.query(`
      CREATE TABLE workflow_overrides (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        workflow_id integer NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        override_definition_id integer NOT NULL REFERENCES override_definitions (id) ON DELETE CASCADE,
        is_required boolean NOT NULL DEFAULT false,
        default_value jsonb,
        ui_parameter_name text NOT NULL,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT workflow_overrides_workflow_definition_key UNIQUE (workflow_id, override_definition_id)
      )`);
    await q.query(`CREATE INDEX workflow_overrides_definition_idx ON workflow_overrides (override_definition_id)`);

    await q.query(`
      CREATE TABLE workflow_favorites (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workflow_id integer NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, workflow_id)
      )`);
    await q.query(`CREATE INDEX workflow_favorites_workflow_idx ON workflow_favorites (workflow_id)`);

    await q.query(`
      CREATE TABLE workflow_permissions (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workflow_id integer NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        granted_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, workflow_id)
      )`);
    await q.query(`CREATE INDEX workflow_permissions_workflow_idx ON workflow_permissions (workflow_id)`);

    await q.query(`
      CREATE TABLE configurations (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workflow_id integer NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        config_name text NOT NULL CHECK (char_length(btrim(config_name)) > 0),
        parameter_values jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT configurations_user_workflow_name_key UNIQUE (user_id, workflow_id, config_name)
      )`);
    await q.query(`CREATE INDEX configurations_workflow_idx ON configurations (workflow_id)`);

    await q.query(`
      CREATE TABLE assets (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        type text NOT NULL,
        filename text NOT NULL,
        display_name text NOT NULL,
        mime_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        sha256 text NOT NULL,
        uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT assets_filename_key UNIQUE (filename)
      )`);

    await q.query(`
      CREATE TABLE folders (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50 AND name = btrim(name)),
        hotkey text CHECK (hotkey ~ '^[1-9a-z]$'),
        color text NOT NULL DEFAULT '#3B82F6' CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX folders_user_name_key ON folders (user_id, lower(name))`);
    await q.query(`CREATE UNIQUE INDEX folders_user_hotkey_key ON folders (user_id, hotkey) WHERE hotkey IS NOT NULL`);

    await q.query(`
      CREATE TABLE jobs (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workflow_id integer REFERENCES workflows (id) ON DELETE SET NULL,
        workflow_name text NOT NULL,
        job_name text NOT NULL DEFAULT '',
        parameters jsonb NOT NULL DEFAULT '{}',
        batch_size integer NOT NULL CHECK (batch_size BETWEEN 1 AND 999999),
        batch_completed integer NOT NULL DEFAULT 0 CHECK (batch_completed >= 0),
        failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
        rejection_count integer NOT NULL DEFAULT 0 CHECK (rejection_count >= 0),
        rejection_reasons jsonb NOT NULL DEFAULT '[]',
        next_batch_index integer NOT NULL DEFAULT 0 CHECK (next_batch_index >= 0),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN
          ('queued', 'submitting', 'processing', 'completed', 'failed', 'cancelled', 'partial_success')),
        priority integer NOT NULL DEFAULT 0,
        error_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        actual_duration double precision,
        estimated_duration double precision,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX jobs_user_created_idx ON jobs (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX jobs_user_status_created_idx ON jobs (user_id, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX jobs_status_created_idx ON jobs (status, created_at DESC, id DESC)`);
    await q.query(`
      CREATE INDEX jobs_active_queue_idx ON jobs (priority DESC, created_at, id)
        WHERE status IN ('queued', 'submitting', 'processing')`);
    await q.query(`CREATE INDEX jobs_workflow_idx ON jobs (workflow_id)`);
    await q.query(`CREATE INDEX jobs_created_idx ON jobs (created_at)`);

    await q.query(`
      CREATE TABLE gallery_items (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        batch_index integer NOT NULL CHECK (batch_index >= 0),
        output_index integer NOT NULL DEFAULT 0 CHECK (output_index >= 0),
        file_path text NOT NULL,
        thumbnail_path text,
        media_type text NOT NULL CHECK (media_type IN ('image', 'video')),
        content_type text,
        size_bytes bigint,
        width integer,
        height integer,
        job_name text NOT NULL,
        workflow_name text NOT NULL,
        folder_id integer REFERENCES folders (id) ON DELETE SET NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
        seed_used bigint CHECK (seed_used BETWEEN 0 AND 4294967295),
        user_tags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        archived_at timestamptz,
        CONSTRAINT gallery_items_job_batch_output_key UNIQUE (job_id, batch_index, output_index)
      )`);
    await q.query(`
      CREATE INDEX gallery_items_user_status_created_idx
        ON gallery_items (user_id, status, created_at DESC, id DESC)`);
    await q.query(`
      CREATE INDEX gallery_items_user_status_folder_created_idx
        ON gallery_items (user_id, status, folder_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX gallery_items_folder_idx ON gallery_items (folder_id) WHERE folder_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'gallery_items',
      'jobs',
      'folders',
      'assets',
      'configurations',
      'workflow_permissions',
      'workflow_favorites',
      'workflow_overrides',
      'override_definitions',
      'workflows',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
