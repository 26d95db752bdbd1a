import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionTokenModule } from '../auth/session-token.module.js';
import { FoldersModule } from '../folders/folders.module.js';
import { GalleryChangesModule } from '../gallery/gallery-changes.module.js';
import { WorkflowPermissionEntity } from '../workflows/workflow-permission.entity.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';
import { AdminUserFoldersController } from './admin-user-folders.controller.js';
import { AdminUserFoldersService } from './admin-user-folders.service.js';
import { AdminUserWorkflowsController } from './admin-user-workflows.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { MediaFileCleanup } from './media-file-cleanup.js';
import { RoleChanges } from './role-changes.js';
import { UserDeletionRepository } from './user-deletion.repository.js';
import { UserEntity } from './user.entity.js';
import { UserWorkflowPermissionsRepository } from './user-workflow-permissions.repository.js';
import { UserWorkflowPermissionsService } from './user-workflow-permissions.service.js';
import { SessionRevocations } from './session-revocations.js';
import { StoredKeyEncryption } from './stored-key-encryption.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, WorkflowEntity, WorkflowPermissionEntity]),
    FoldersModule,
    GalleryChangesModule,
    SessionTokenModule,
  ],
  controllers: [AdminUsersController, AdminUserWorkflowsController, AdminUserFoldersController],
  providers: [
    UsersRepository,
    UsersService,
    StoredKeyEncryption,
    UserDeletionRepository,
    MediaFileCleanup,
    UserWorkflowPermissionsRepository,
    UserWorkflowPermissionsService,
    AdminUserFoldersService,
    SessionRevocations,
    RoleChanges,
    // AuthModule imports this module for UsersRepository, so its hasher is provided here too rather than imported back.
    PasswordHasher,
  ],
  exports: [UsersRepository, SessionRevocations, RoleChanges],
})
export class UsersModule {}
