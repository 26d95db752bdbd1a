import type { TestApp } from './test-app.js';

export const EOK_SLUG = 'chaos-portrait';
export const EOK_SYSTEM_KEY = 'eok-chaos-key-0123456789abcdefghijkl';

/** A slug workflow the worker sends to the external generation server, with one required prompt. */
export async function createEokWorkflow(t: TestApp): Promise<number> {
  const definition = await t.db.pool.query<{ id: number }>(
    `INSERT INTO override_definitions (override_key, display_name, data_type, validation_rules)
     VALUES ('override_prompt', 'Prompt', 'string', '{"max_length": 500}') RETURNING id`,
  );
  const workflow = await t.db.pool.query<{ id: number }>(
    `INSERT INTO workflows (name, workflow_type, workflow_slug, eok_provider, seed_mode)
     VALUES ('Portrait', 'slug', $1, 'vast', 'fixed') RETURNING id`,
    [EOK_SLUG],
  );
  await t.db.pool.query(
    `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, default_value, ui_parameter_name)
     VALUES ($1, $2, true, NULL, 'prompt')`,
    [workflow.rows[0]!.id, definition.rows[0]!.id],
  );
  return workflow.rows[0]!.id;
}
