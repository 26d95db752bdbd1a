import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow names and categories are stored composed (NFC) since workflowNameSchema composes them;
 * those saved before, typed with combining accents, were kept as typed. Searches and the gallery's
 * Workflow filter compare composed text, so such a workflow was not found, and its jobs and media
 * (which copy the name) were not matched by the filter that names them. They are composed here once.
 * No way back: which rows were decomposed is not kept, and composed is what the app writes.
 */
export class ComposedWorkflowNames1795400300000 implements MigrationInterface {
  name = 'ComposedWorkflowNames1795400300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE workflows SET name = normalize(name, NFC), category = normalize(category, NFC)
        WHERE name IS NOT NFC NORMALIZED OR category IS NOT NFC NORMALIZED`,
    );
    for (const table of ['jobs', 'gallery_items'])
      await q.query(
        `UPDATE ${table} SET workflow_name = normalize(workflow_name, NFC) WHERE workflow_name IS NOT NFC NORMALIZED`,
      );
  }

  async down(): Promise<void> {
    // composed text is what the app writes and reads: nothing to undo
  }
}
