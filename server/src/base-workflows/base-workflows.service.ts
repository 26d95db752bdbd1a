import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { BaseWorkflowContent, BaseWorkflowFile, SessionUser } from '@atelier/shared';
import { PasswordConfirmationService } from '../auth/password-confirmation.service.js';
import { BadRequestError, ConflictError, NotFoundError, StaleCopyError } from '../common/app-errors.js';
import { LOGGER } from '../common/runtime.js';
import { UsersRepository } from '../users/users.repository.js';
import { WorkflowSyncService } from '../workflows/workflow-sync.service.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { BaseWorkflowStore } from './base-workflow-store.js';
import { parseExistingFileName, slugOf, toBaseWorkflowFileName } from './base-workflow-names.js';
import type { GitAuthor } from './git.js';
import { configurableParamsProblem, overrideKeysIn, parseJson } from './workflow-file-content.js';

/** Any fixed number works; every process serialises repository changes on it. */
export const REPOSITORY_LOCK_KEY = 727_003;

export interface BaseWorkflowChange {
  name: string;
  sha: string;
  commit: string;
  pushed: boolean;
}

// `fields` ties the message to the `content` field, as the schema-checked fields are tied
const invalidContent = (message: string) => new BadRequestError(message, { content: message });

/** Accepts the editor's text (kept as typed) or a JSON value (written pretty-printed). */
function toFileContent(content: unknown): string {
  let text: string;
  if (typeof content === 'string') {
    const parsed = parseJson(content);
    if (!parsed.ok) throw invalidContent(`Invalid JSON: ${parsed.message}`);
    if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      throw invalidContent('Invalid JSON: a workflow is a JSON object');
    }
    const problem = configurableParamsProblem(parsed.value);
    if (problem) throw invalidContent(problem);
    text = content;
  } else if (content && typeof content === 'object' && !Array.isArray(content)) {
    const problem = configurableParamsProblem(content);
    if (problem) throw invalidContent(problem);
    text = JSON.stringify(content, null, 2);
  } else {
    throw invalidContent('Invalid JSON: a workflow is a JSON object');
  }
  return text.endsWith('\n') ? text : `${text}\n`;
}

@Injectable()
export class BaseWorkflowsService {
  constructor(
    private readonly store: BaseWorkflowStore,
    private readonly sync: WorkflowSyncService,
    private readonly workflows: WorkflowsRepository,
    private readonly users: UsersRepository,
    private readonly confirmation: PasswordConfirmationService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Whether the change should have reached the remote and did not (its commit stands, pushed with a later one). */
  notPushed(change: BaseWorkflowChange): boolean {
    return this.store.hasRemote && !change.pushed;
  }

  list(): Promise<BaseWorkflowFile[]> {
    return this.store.list();
  }

  async read(rawName: string): Promise<BaseWorkflowContent & { override_keys: string[] }> {
    const file = await this.store.read(await this.existingName(rawName));
    if (!file) throw new NotFoundError('Base workflow not found');
    const parsed = parseJson(file.raw);
    const content = parsed.ok ? parsed.value : null;
    return {
      name: file.name,
      size: file.size,
      sha: file.sha,
      content,
      raw_content: file.raw,
      override_keys: overrideKeysIn(content),
    };
  }

  async create(actor: SessionUser, rawName: unknown, content: unknown): Promise<BaseWorkflowChange> {
    const name = toBaseWorkflowFileName(rawName);
    const text = toFileContent(content);
    return this.commitChange(actor, async () => {
      const taken = await this.store.sameNameInAnyCase(name);
      if (taken) throw new ConflictError(`A base workflow named ${taken} already exists`);
      return { name, edit: { write: { name, content: text } }, message: `Create ${name}` };
    });
  }

  async update(
    actor: SessionUser,
    rawName: string,
    content: unknown,
    rawNewName: unknown,
    baseSha?: unknown,
  ): Promise<BaseWorkflowChange> {
    const name = await this.existingName(rawName);
    const newName =
      rawNewName === undefined || rawNewName === null || rawNewName === '' ? name : toBaseWorkflowFileName(rawNewName);
    const text = toFileContent(content);
    if (baseSha !== undefined && baseSha !== null && typeof baseSha !== 'string') {
      throw new BadRequestError('baseSha must be the sha the file was read with');
    }
    return this.commitChange(actor, async () => {
      if (!this.store.exists(name)) throw new NotFoundError('Base workflow not found');
      // two admins editing one file: the second save would drop the first one's change unseen
      if (baseSha && (await this.store.read(name))?.sha !== baseSha) {
        throw new StaleCopyError(name, 'baseSha');
      }
      if (newName === name) return { name, edit: { write: { name, content: text } }, message: `Update ${name}` };
      const taken = await this.store.sameNameInAnyCase(newName, name);
      if (taken) throw new ConflictError(`A base workflow named ${taken} already exists`);
      return {
        name: newName,
        renamed: { from: name, to: newName },
        edit: { rename: { from: name, to: newName }, write: { name: newName, content: text } },
        message: `Rename ${name} to ${newName}`,
      };
    });
  }

  async delete(actor: SessionUser, rawName: string, confirmPassword: unknown): Promise<BaseWorkflowChange> {
    const name = await this.existingName(rawName);
    await this.confirmation.confirm(actor, confirmPassword);
    return this.commitChange(actor, async () => {
      if (!this.store.exists(name)) throw new NotFoundError('Base workflow not found');
      const runners = await this.workflows.slugWorkflowNamesRunning(slugOf(name));
      // the external server runs slug workflows by this file: without it, every job of theirs would fail
      if (runners.length) {
        throw new ConflictError(
          `${name} is run by the slug workflows ${runners.join(', ')}: delete them or point them at another base workflow first`,
        );
      }
      return { name, edit: { remove: name }, message: `Delete ${name}` };
    });
  }

  /**
   * The file a URL names: one the list shows, as it is named (a file cloned from the remote may
   * have a name the app would not give; it can still be opened, fixed, renamed or deleted), else
   * a name by the rules. A new name (create, rename) always follows the rules.
   */
  private async existingName(rawName: string): Promise<string> {
    return (await this.store.isListed(rawName)) ? rawName : parseExistingFileName(rawName);
  }

  /**
   * One change = one commit plus the workflow sync, under a lock shared by every process. If the
   * sync, or the database COMMIT after it, fails, the commit is undone, so the repository and the
   * database never disagree. Pushing comes last: a failed push is logged and the change stands.
   */
  private async commitChange(
    actor: SessionUser,
    plan: () => Promise<{
      name: string;
      edit: Parameters<BaseWorkflowStore['change']>[0];
      message: string;
      renamed?: { from: string; to: string };
    }>,
  ): Promise<BaseWorkflowChange> {
    const author = await this.authorOf(actor);
    const made: { commit?: string; before?: string } = {};
    try {
      const result = await this.db.transaction(async (m) => {
        await m.query('SELECT pg_advisory_xact_lock($1)', [REPOSITORY_LOCK_KEY]);
        const { name, edit, message, renamed } = await plan();
        const before = await this.store.head();
        const commit = await this.store.change(edit, message, author);
        if (commit !== before) Object.assign(made, { commit, before });
        await this.sync.sync(await this.store.readAll(), renamed, m);
        const file = await this.store.read(name);
        return { name, sha: file?.sha ?? '', commit };
      });
      return { ...result, pushed: await this.store.push() };
    } catch (error) {
      if (made.commit && made.before) await this.undo(made.commit, made.before);
      throw error;
    }
  }

  private async undo(commit: string, before: string): Promise<void> {
    try {
      await this.store.undoCommit(commit, before);
    } catch (err) {
      this.logger.error({ err, commit }, 'base workflow commit could not be undone; the database does not hold it');
    }
  }

  private async authorOf(actor: SessionUser): Promise<GitAuthor> {
    const user = await this.users.findById(actor.id);
    const fallback = `user-${actor.id}`;
    return {
      name: gitIdent(actor.username) || fallback,
      email: gitIdent(user?.email ?? '') || `${fallback}@atelier.local`,
    };
  }
}

/**
 * A name or email as git keeps it: git drops '<', '>' and line breaks and trims punctuation from
 * the ends, and refuses a commit whose name is left empty ('<>' as a username would fail every save).
 */
function gitIdent(text: string): string {
  return text.replace(/[<>\p{Cc}]/gu, '').replace(/^[\s.,:;"'\\]+|[\s.,:;"'\\]+$/g, '');
}
