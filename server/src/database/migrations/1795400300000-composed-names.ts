import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow names and categories are stored composed (NFC) since workflowNameSchema composes them,
 * and job names since submitJobSchema does; those saved before, typed with combining accents, were
 * kept as typed. Searches and the gallery's Workflow and Job filters compare composed text, so such
 * a workflow was not found, and its jobs and media (which copy both names) were not matched by the
 * filters that name them. They are composed here once.
 * No way back: which rows were decomposed is not kept, and composed is what the app writes.
 */
export class ComposedNames1795400300000 implements MigrationInterface {
  name = 'ComposedNames1795400300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE workflows SET name = normalize(name, NFC), category = normalize(category, NFC)
        WHERE name IS NOT NFC NORMALIZED OR category IS NOT NFC NORMALIZED`,
    );
    for (const table of ['jobs', 'gallery_items'])
      await q.query(
        `UPDATE ${table} SET workflow_name = normalize(workflow_name, NFC), job_name = normalize(job_name, NFC)
          WHERE workflow_name IS NOT NFC NORMALIZED OR job_name IS NOT NFC NORMALIZED`,
      );
  }

  async down(): Promise<void> {
    // composed text is what the app writes and reads: nothing to undo
  }
}
