import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { overrideDefinitionInputSchema, uiParameterNameFromKey } from '@atelier/shared';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { REPOSITORY_LOCK_KEY } from '../base-workflows/base-workflows.service.js';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { OverrideDefinitionEntity } from '../override-definitions/override-definition.entity.js';
import { WorkflowOverridesService } from '../workflows/workflow-overrides.service.js';
import { WorkflowSyncService } from '../workflows/workflow-sync.service.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';
import { SAMPLE_FILES, SAMPLE_OVERRIDE_DEFINITIONS, SAMPLE_SLUG_WORKFLOWS } from './sample-catalogue.js';
import { readSetting, writeSetting } from './system-settings.js';

const SEEDED_KEY = 'sample_catalogue_seeded';

/**
 * On API start: creates the base workflow repository (with the sample files on first start), the
 * sample override definitions and slug workflows once, then syncs JSON workflows with the files.
 * Sample data is never written again, so an admin's edits and deletions stay.
 */
@Injectable()
export class CatalogueSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly store: BaseWorkflowStore,
    private readonly sync: WorkflowSyncService,
    private readonly overrides: WorkflowOverridesService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const withSamples = this.runtime.config.baseWorkflows.sampleCatalogue;
    await this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [REPOSITORY_LOCK_KEY]);
      if (!this.store.isInitialised()) {
        const files = withSamples ? SAMPLE_FILES : {};
        const made = await this.store.initialise(
          Object.fromEntries(Object.entries(files).map(([n, c]) => [n, `${JSON.stringify(c, null, 2)}\n`])),
        );
        this.logger.info(
          { dir: this.store.dir, files: (await this.store.list()).length },
          made === 'cloned'
            ? 'cloned the base workflow repository from its remote'
            : 'created the base workflow repository',
        );
      } else {
        await this.store.attachRemote();
      }
      if (withSamples && !(await readSetting<boolean>(m, SEEDED_KEY))) {
        await this.seedDatabase(m);
        await writeSetting(m, SEEDED_KEY, true);
      }
      const result = await this.sync.sync(await this.store.readAll(), undefined, m);
      const { malformed, ...changes } = result;
      if (changes.created.length || changes.hidden.length)
        this.logger.info(changes, 'synced JSON workflows with the base workflow files');
      for (const { file, problem } of malformed)
        this.logger.warn({ file, problem }, 'base workflow file has configurable_params but is not a JSON workflow');
    });
  }

  private async seedDatabase(m: EntityManager): Promise<void> {
    const ids = new Map<string, number>();
    for (const input of SAMPLE_OVERRIDE_DEFINITIONS) {
      const def = overrideDefinitionInputSchema.parse(input);
      const existing = await m.findOneBy(OverrideDefinitionEntity, { overrideKey: def.override_key });
      const saved =
        existing ??
        (await m.save(
          OverrideDefinitionEntity,
          m.create(OverrideDefinitionEntity, {
            overrideKey: def.override_key,
            displayName: def.display_name,
            description: def.description,
            dataType: def.data_type,
            validationRules: def.validation_rules,
            category: def.category,
          }),
        ));
      ids.set(def.override_key, saved.id);
    }
    for (const sample of SAMPLE_SLUG_WORKFLOWS) {
      if (await m.existsBy(WorkflowEntity, { workflowSlug: sample.slug, workflowType: 'slug' })) continue;
      const workflow = await m.save(
        WorkflowEntity,
        m.create(WorkflowEntity, {
          name: sample.name,
          category: sample.category,
          tags: sample.tags,
          workflowType: 'slug',
          workflowSlug: sample.slug,
          eokGenerationType: sample.generationType,
          isHidden: false,
        }),
      );
      await this.overrides.replaceAll(
        workflow.id,
        sample.overrides.map((o, i) => ({
          override_definition_id: ids.get(o.key)!,
          is_required: o.required ?? false,
          default_value: o.defaultValue,
          ui_parameter_name: uiParameterNameFromKey(o.key),
          display_order: i,
        })),
        m,
      );
    }
    this.logger.info('created the sample override definitions and slug workflows');
  }
}
