import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  isBlank,
  overrideValueOf,
  validateOverrideValue,
  overrideDefinitionInputSchema,
  type OverrideDefinition,
  type SessionUser,
} from '@atelier/shared';
import { PasswordConfirmationService } from '../auth/password-confirmation.service.js';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { overrideKeysIn, parseJson } from '../base-workflows/workflow-file-content.js';
import { ConflictError, NotFoundError, assertCurrentCopy } from '../common/app-errors.js';
import { isUniqueViolation } from '../common/postgres-errors.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import type { OverrideDefinitionEntity } from './override-definition.entity.js';
import { OverrideDefinitionsRepository } from './override-definitions.repository.js';

type DefinitionInput = z.output<typeof overrideDefinitionInputSchema>;

export const DUPLICATE_KEY = 'An override definition with this key already exists';

export function toDefinitionDto(d: OverrideDefinitionEntity): OverrideDefinition {
  return {
    id: d.id,
    override_key: d.overrideKey,
    display_name: d.displayName,
    description: d.description,
    data_type: d.dataType,
    validation_rules: d.validationRules,
    category: d.category,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

function fields(input: DefinitionInput): Partial<OverrideDefinitionEntity> {
  return {
    overrideKey: input.override_key,
    displayName: input.display_name,
    description: input.description,
    dataType: input.data_type,
    validationRules: input.validation_rules,
    category: input.category,
  };
}

const checkDefinition = new ZodValidationPipe(overrideDefinitionInputSchema);

/**
 * The definition a change asks for, checked as a whole: a field the change leaves out keeps its
 * value. Read as a create would, a change naming only the display name made an integer definition
 * a string one and dropped its min and max, in every workflow that uses it.
 */
function changedDefinition(current: OverrideDefinitionEntity, body: unknown): DefinitionInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return checkDefinition.transform(body);
  const { id: _id, created_at: _created, updated_at: _updated, ...kept } = toDefinitionDto(current);
  return checkDefinition.transform({ ...kept, ...body });
}

@Injectable()
export class OverrideDefinitionsService {
  constructor(
    private readonly definitions: OverrideDefinitionsRepository,
    private readonly confirmation: PasswordConfirmationService,
    private readonly store: BaseWorkflowStore,
  ) {}

  async list(): Promise<OverrideDefinition[]> {
    return (await this.definitions.listAll()).map(toDefinitionDto);
  }

  async create(input: DefinitionInput): Promise<OverrideDefinition> {
    if (await this.definitions.findByKey(input.override_key)) throw new ConflictError(DUPLICATE_KEY);
    try {
      return toDefinitionDto(await this.definitions.insert(fields(input)));
    } catch (error) {
      throw isUniqueViolation(error) ? new ConflictError(DUPLICATE_KEY) : error;
    }
  }

  /**
   * A key in use stays: the base workflows' placeholders name it, so a new key would silently stop
   * the override from applying in those workflows. So does a type or rule that a workflow's default
   * would break: every job taking that default would be refused. The defaults that still fit are
   * stored as the new type reads them (`"8"` becomes 8 for an integer).
   */
  async update(id: number, body: unknown): Promise<OverrideDefinition> {
    await this.definitions.transaction(async (m) => {
      const current = await this.definitions.findLocked(id, m);
      if (!current) throw new NotFoundError('Override definition not found');
      const input = changedDefinition(current, body);
      assertCurrentCopy(current.displayName, current.updatedAt, input.expected_updated_at);
      if (current.overrideKey !== input.override_key) {
        const users = await this.definitions.workflowsUsing(id, m);
        if (users.length)
          throw new ConflictError(
            `This override is used by ${users.join(', ')}; remove it from those workflows before changing its key`,
          );
      }
      const sameKey = await this.definitions.findByKey(input.override_key);
      if (sameKey && sameKey.id !== id) throw new ConflictError(DUPLICATE_KEY);
      await this.retypeDefaults(id, input, m);
      try {
        await this.definitions.update(id, fields(input), m);
      } catch (error) {
        throw isUniqueViolation(error) ? new ConflictError(DUPLICATE_KEY) : error;
      }
    });
    return toDefinitionDto((await this.definitions.findById(id))!);
  }

  private async retypeDefaults(id: number, input: DefinitionInput, m: EntityManager): Promise<void> {
    const changes: Array<{ id: number; value: unknown }> = [];
    for (const link of await this.definitions.linkDefaults(id, m)) {
      if (isBlank(link.default_value)) continue;
      const label = `The default value of ${input.display_name} in ${link.workflow_name}`;
      const problem = validateOverrideValue(input.data_type, input.validation_rules, link.default_value, label);
      if (problem) throw new ConflictError(`${problem}; change or clear that default first`);
      const value = overrideValueOf(input.data_type, input.validation_rules, link.default_value);
      if (!isDeepStrictEqual(value, link.default_value)) changes.push({ id: link.id, value });
    }
    await this.definitions.setLinkDefaults(changes, m);
  }

  /** Refused while a workflow still exposes it: deleting would silently change those workflows. */
  async delete(actor: SessionUser, id: number, confirmPassword: unknown): Promise<void> {
    await this.confirmation.confirm(actor, confirmPassword);
    await this.definitions.transaction(async (m) => {
      if (!(await this.definitions.findLocked(id, m))) throw new NotFoundError('Override definition not found');
      const users = await this.definitions.workflowsUsing(id, m);
      if (users.length) {
        throw new ConflictError(`This override is used by ${users.join(', ')}; remove it from those workflows first`);
      }
      await this.definitions.delete(id, m);
    });
  }

  /** Per base workflow file, the override keys its graph uses that have no definition. */
  async missingKeys(): Promise<{ missing_keys_by_workflow: Record<string, string[]> }> {
    const [files, known] = await Promise.all([this.store.readAll(), this.definitions.allKeys()]);
    const missing: Record<string, string[]> = {};
    for (const file of files) {
      const parsed = parseJson(file.raw);
      if (!parsed.ok) continue;
      const keys = overrideKeysIn(parsed.value).filter((k) => !known.has(k));
      if (keys.length) missing[file.name.replace(/\.json$/i, '')] = keys;
    }
    return { missing_keys_by_workflow: missing };
  }
}
