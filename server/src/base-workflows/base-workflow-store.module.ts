import { Module } from '@nestjs/common';
import { BaseWorkflowStore } from './base-workflow-store.js';

/** The git-backed files alone, so features that only read them need not depend on each other. */
@Module({ providers: [BaseWorkflowStore], exports: [BaseWorkflowStore] })
export class BaseWorkflowStoreModule {}
