import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { CatalogueSeeder } from '../catalogue/catalogue-seeder.js';
import type { Runtime } from '../common/runtime.js';
import { ConfigurationEntity } from '../configurations/configuration.entity.js';
import { ConfigurationsRepository } from '../configurations/configurations.repository.js';
import { FolderEntity } from '../folders/folder.entity.js';
import { FoldersRepository } from '../folders/folders.repository.js';
import { GalleryRepository } from '../gallery/gallery.repository.js';
import { GalleryService } from '../gallery/gallery.service.js';
import { BuiltinProvider } from '../generation/providers/builtin/builtin-provider.js';
import { JobEntity } from '../jobs/job.entity.js';
import { JobsRepository } from '../jobs/jobs.repository.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import { ItemRunner } from '../pipeline/item-runner.js';
import { JobProgressRepository } from '../pipeline/job-progress.repository.js';
import { MediaStore } from '../pipeline/media-store.js';
import { WorkflowContextLoader } from '../pipeline/workflow-context.js';
import { UserDeletionRepository } from '../users/user-deletion.repository.js';
import { UserWorkflowPermissionsRepository } from '../users/user-workflow-permissions.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { WorkflowFavoriteEntity } from '../workflows/workflow-favorite.entity.js';
import { WorkflowOverrideEntity } from '../workflows/workflow-override.entity.js';
import { WorkflowOverridesRepository } from '../workflows/workflow-overrides.repository.js';
import { WorkflowOverridesService } from '../workflows/workflow-overrides.service.js';
import { WorkflowPermissionEntity } from '../workflows/workflow-permission.entity.js';
import { WorkflowSyncService } from '../workflows/workflow-sync.service.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { DemoRepository } from './demo.repository.js';

/**
 * The API's and the worker's own repositories and services, built by hand over one DataSource
 * (no Nest container: the seed needs a few of them, not the HTTP stack or the queue consumers),
 * so the rows and files the demo writes are exactly the ones those processes write.
 */
export function createDemoServices(db: DataSource, runtime: Runtime) {
  const workflows = new WorkflowsRepository(db.getRepository(WorkflowEntity), db.getRepository(WorkflowFavoriteEntity));
  const overrides = new WorkflowOverridesRepository(db.getRepository(WorkflowOverrideEntity));
  const store = new BaseWorkflowStore(runtime, runtime.logger);
  // the failures the demo scripts are meant to happen: the per-attempt warnings would only be noise
  const quiet: Logger = runtime.logger.child({ component: 'demo' }, { level: 'error' });
  return {
    demo: new DemoRepository(db),
    hasher: new PasswordHasher(),
    users: new UsersRepository(db.getRepository(UserEntity), db),
    deletion: new UserDeletionRepository(db),
    permissions: new UserWorkflowPermissionsRepository(
      db.getRepository(WorkflowPermissionEntity),
      db.getRepository(WorkflowEntity),
    ),
    workflows,
    overrides,
    configurations: new ConfigurationsRepository(db.getRepository(ConfigurationEntity)),
    folders: new FoldersRepository(db.getRepository(FolderEntity), db),
    gallery: new GalleryService(new GalleryRepository(db), new MediaUrlSigner(runtime)),
    jobs: new JobsRepository(db.getRepository(JobEntity)),
    progress: new JobProgressRepository(db),
    contexts: new WorkflowContextLoader(workflows, store),
    items: new ItemRunner(new MediaStore(runtime), runtime, quiet),
    builtin: new BuiltinProvider({ ...runtime.config.generation.builtin, itemDelayMs: 0 }),
    catalogue: new CatalogueSeeder(
      store,
      new WorkflowSyncService(workflows),
      new WorkflowOverridesService(overrides),
      db,
      runtime,
      runtime.logger,
    ),
  };
}

export type DemoServices = ReturnType<typeof createDemoServices>;
