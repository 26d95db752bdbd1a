import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Overrides now need a parameter name of their own, not the seed control's (`seed`, `seed_mode`):
 * links saved before that rule (the Seed override took `seed` by default) or sharing a name with
 * an earlier link of the same workflow take their override key instead, so every workflow can still
 * be saved. The override key is unique within a workflow, as a definition is linked once.
 */
export class OverrideParameterNames1795370000000 implements MigrationInterface {
  name = 'OverrideParameterNames1795370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE workflow_overrides o
         SET ui_parameter_name = d.override_key
        FROM override_definitions d
       WHERE d.id = o.override_definition_id
         AND (o.ui_parameter_name IN ('seed', 'seed_mode')
              OR EXISTS (SELECT 1 FROM workflow_overrides e
                          WHERE e.workflow_id = o.workflow_id AND e.id < o.id
                            AND e.ui_parameter_name = o.ui_parameter_name))`);
  }

  async down(): Promise<void> {
    // the old names broke jobs (a value read twice, or the seed's value read as an override): not restored
  }
}
