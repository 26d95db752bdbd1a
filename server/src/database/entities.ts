import { AssetEntity } from '../assets/asset.entity.js';
import { ConfigurationEntity } from '../configurations/configuration.entity.js';
import { FolderEntity } from '../folders/folder.entity.js';
import { GalleryItemEntity } from '../gallery/gallery-item.entity.js';
import { JobEntity } from '../jobs/job.entity.js';
import { OverrideDefinitionEntity } from '../override-definitions/override-definition.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { WorkflowFavoriteEntity } from '../workflows/workflow-favorite.entity.js';
import { WorkflowOverrideEntity } from '../workflows/workflow-override.entity.js';
import { WorkflowPermissionEntity } from '../workflows/workflow-permission.entity.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';

/** Every entity, listed explicitly (no globs: the same list works from src and dist). */
export const ENTITIES = [
  UserEntity,
  WorkflowEntity,
  OverrideDefinitionEntity,
  WorkflowOverrideEntity,
  WorkflowFavoriteEntity,
  WorkflowPermissionEntity,
  ConfigurationEntity,
  AssetEntity,
  FolderEntity,
  JobEntity,
  GalleryItemEntity,
];
