import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  MESSAGES,
  isBlank,
  overrideLinkInputSchema,
  overrideLinkUpdateSchema,
  RESERVED_PARAMETER_NAMES,
  defaultUiParameterName,
  overrideValueOf,
  validateOverrideValue,
  type WorkflowOverride,
} from '@atelier/shared';
import { BadRequestError, NotFoundError } from '../common/app-errors.js';
import type { OverrideDefinitionEntity } from '../override-definitions/override-definition.entity.js';
import { toOverrideDto } from './workflow.mapper.js';
import { WorkflowOverridesRepository } from './workflow-overrides.repository.js';
import type { WorkflowEntity } from './workflow.entity.js';

type LinkInput = z.output<typeof overrideLinkInputSchema> & { id?: number };
type LinkUpdate = z.output<typeof overrideLinkUpdateSchema>;

function checkDefault(definition: OverrideDefinitionEntity, value: unknown): void {
  if (isBlank(value)) return;
  const problem = validateOverrideValue(
    definition.dataType,
    definition.validationRules,
    value,
    `Default value of ${definition.displayName}`,
  );
  if (problem) throw new BadRequestError(problem);
}

/** A checked default as a job would send it: `"768"` for a select of numbers is stored as 768. */
function storedDefault(definition: OverrideDefinitionEntity, value: unknown): unknown {
  return isBlank(value) ? null : overrideValueOf(definition.dataType, definition.validationRules, value);
}

interface NamedLink {
  /** ui_parameter_name */
  name: string;
  /** The definition's override_key, which a job may send the value under too. */
  key: string;
}

/**
 * A job's values are read by parameter name, or by override key: two overrides under one name (or
 * one named after another's key) would both take the one value sent, one named like the seed would
 * take the seed's value (and refuse it), and `__proto__` is lost on its way through the request's
 * parsing (assigned to an object, it sets the prototype instead of a field).
 */
function checkParameterNames(links: readonly NamedLink[]): void {
  const seen = new Set<string>();
  for (const { name } of links) {
    if (RESERVED_PARAMETER_NAMES.includes(name))
      throw new BadRequestError(`Parameter name ${name} is taken by the workflow's seed control; choose another name`);
    if (name === '__proto__') throw new BadRequestError(`Parameter name ${name} is reserved; choose another name`);
    if (seen.has(name))
      throw new BadRequestError(`Parameter name ${name} is used by another override of this workflow`);
    seen.add(name);
  }
  for (const { name, key } of links) {
    if (links.some((other) => other.key === name && other.key !== key))
      throw new BadRequestError(`Parameter name ${name} is used by another override of this workflow`);
  }
}

const named = (e: { link: { uiParameterName: string }; definition: { overrideKey: string } }): NamedLink => ({
  name: e.link.uiParameterName,
  key: e.definition.overrideKey,
});

/** The overrides a slug workflow exposes: links to override definitions (SPEC section 3). */
@Injectable()
export class WorkflowOverridesService {
  constructor(private readonly links: WorkflowOverridesRepository) {}

  async list(workflowId: number): Promise<WorkflowOverride[]> {
    return (await this.links.listForWorkflow(workflowId)).map(toOverrideDto);
  }

  async add(workflow: WorkflowEntity, input: LinkInput): Promise<WorkflowOverride> {
    this.assertSlug(workflow);
    return this.links.transaction(async (m) => {
      await this.links.lockWorkflow(workflow.id, m);
      const existing = await this.links.listForWorkflow(workflow.id, m);
      if (existing.some((e) => e.definition.id === input.override_definition_id)) {
        throw new BadRequestError(MESSAGES.overrideAlreadyAdded);
      }
      const [definition] = await this.definitionsFor([input.override_definition_id], m);
      checkDefault(definition!, input.default_value);
      const order = input.display_order ?? Math.max(-1, ...existing.map((e) => e.link.displayOrder)) + 1;
      const fields = this.fields(workflow.id, definition!, input, order);
      checkParameterNames([...existing.map(named), { name: fields.uiParameterName, key: definition!.overrideKey }]);
      const link = await this.links.insert(fields, m);
      return toOverrideDto({ link, definition: definition! });
    });
  }

  async update(workflow: WorkflowEntity, linkId: number, input: LinkUpdate): Promise<WorkflowOverride> {
    return this.links.transaction(async (m) => {
      await this.links.lockWorkflow(workflow.id, m);
      const link = await this.links.findLink(workflow.id, linkId, m);
      if (!link) throw new NotFoundError('Override not found');
      const [definition] = await this.definitionsFor([link.overrideDefinitionId], m);
      if (input.default_value !== undefined) checkDefault(definition!, input.default_value);
      if (input.ui_parameter_name !== undefined) {
        const others = (await this.links.listForWorkflow(workflow.id, m)).filter((e) => e.link.id !== link.id);
        const name = input.ui_parameter_name ?? defaultUiParameterName(definition!.overrideKey);
        checkParameterNames([...others.map(named), { name, key: definition!.overrideKey }]);
      }
      await this.links.update(
        link.id,
        {
          ...(input.is_required !== undefined && { isRequired: input.is_required }),
          ...(input.default_value !== undefined && { defaultValue: storedDefault(definition!, input.default_value) }),
          ...(input.ui_parameter_name !== undefined && {
            uiParameterName: input.ui_parameter_name ?? defaultUiParameterName(definition!.overrideKey),
          }),
          ...(input.display_order !== undefined && { displayOrder: input.display_order }),
        },
        m,
      );
      const updated = await this.links.findLink(workflow.id, linkId, m);
      return toOverrideDto({ link: updated!, definition: definition! });
    });
  }

  async remove(workflow: WorkflowEntity, linkId: number): Promise<void> {
    await this.links.transaction(async (m) => {
      await this.links.lockWorkflow(workflow.id, m);
      const link = await this.links.findLink(workflow.id, linkId, m);
      if (!link) throw new NotFoundError('Override not found');
      await this.links.delete([link.id], m);
    });
  }

  async replaceForWorkflow(workflow: WorkflowEntity, inputs: LinkInput[]): Promise<WorkflowOverride[]> {
    this.assertSlug(workflow);
    await this.links.transaction((m) => this.replaceAll(workflow.id, inputs, m));
    return this.list(workflow.id);
  }

  /**
   * Saves the whole list as a diff in the caller's transaction (SPEC section 7): links no longer
   * listed are deleted, kept ones updated, new ones created. The list order is the display order.
   */
  async replaceAll(workflowId: number, inputs: LinkInput[], m: EntityManager): Promise<void> {
    if (inputs.length === 0) throw new BadRequestError(MESSAGES.atLeastOneOverride);
    const ids = inputs.map((i) => i.override_definition_id);
    if (new Set(ids).size !== ids.length) throw new BadRequestError(MESSAGES.overrideAlreadyAdded);
    await this.links.lockWorkflow(workflowId, m);
    const definitions = new Map((await this.definitionsFor(ids, m)).map((d) => [d.id, d]));
    inputs.forEach((input) => checkDefault(definitions.get(input.override_definition_id)!, input.default_value));
    checkParameterNames(
      inputs.map((input) => {
        const definition = definitions.get(input.override_definition_id)!;
        return { name: this.fields(workflowId, definition, input, 0).uiParameterName, key: definition.overrideKey };
      }),
    );

    const existing = await this.links.listForWorkflow(workflowId, m);
    const existingByDefinition = new Map(existing.map((e) => [e.definition.id, e.link]));
    await this.links.delete(
      existing.filter((e) => !ids.includes(e.definition.id)).map((e) => e.link.id),
      m,
    );
    for (const [index, input] of inputs.entries()) {
      const definition = definitions.get(input.override_definition_id)!;
      const fields = this.fields(workflowId, definition, input, input.display_order ?? index);
      const kept = existingByDefinition.get(definition.id);
      if (kept) await this.links.update(kept.id, fields, m);
      else await this.links.insert(fields, m);
    }
  }

  private fields(workflowId: number, definition: OverrideDefinitionEntity, input: LinkInput, order: number) {
    return {
      workflowId,
      overrideDefinitionId: definition.id,
      isRequired: input.is_required,
      defaultValue: storedDefault(definition, input.default_value),
      uiParameterName: input.ui_parameter_name ?? defaultUiParameterName(definition.overrideKey),
      displayOrder: order,
    };
  }

  private async definitionsFor(ids: number[], m: EntityManager): Promise<OverrideDefinitionEntity[]> {
    const found = await this.links.findDefinitions(ids, m);
    const missing = ids.filter((id) => !found.some((d) => d.id === id));
    if (missing.length) throw new BadRequestError(`Unknown override definition: ${missing.join(', ')}`);
    return ids.map((id) => found.find((d) => d.id === id)!);
  }

  private assertSlug(workflow: WorkflowEntity): void {
    if (workflow.workflowType !== 'slug') throw new BadRequestError('Only slug workflows have overrides');
  }
}
