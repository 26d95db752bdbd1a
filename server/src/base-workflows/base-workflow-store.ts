import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { BaseWorkflowFile } from '@atelier/shared';
import { NotFoundError } from '../common/app-errors.js';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { Git, type GitAuthor } from './git.js';

export interface BaseWorkflowRead extends BaseWorkflowFile {
  raw: string;
}

export const SYSTEM_AUTHOR: GitAuthor = { name: 'Atelier', email: 'atelier@localhost' };

/** git's own blob id, so `sha` matches what `git ls-files -s` and a remote show. */
function blobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/**
 * The base workflow files: JSON in a git working tree (DESIGN sections 2 and 4). Knows files and
 * commits, nothing of the database. Callers pass names already checked by base-workflow-names.ts.
 */
@Injectable()
export class BaseWorkflowStore {
  readonly dir: string;
  private readonly git: Git;
  private readonly remote: string | undefined;

  constructor(
    @Inject(RUNTIME) runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.dir = runtime.config.baseWorkflows.dir;
    this.remote = runtime.config.baseWorkflows.remote;
    this.git = new Git(this.dir);
  }

  /** Whether changes are pushed to BASE_WORKFLOWS_REMOTE (the repository deployed from). */
  get hasRemote(): boolean {
    return this.remote !== undefined;
  }

  isInitialised(): boolean {
    return existsSync(path.join(this.dir, '.git'));
  }

  /**
   * Creates the repository. When BASE_WORKFLOWS_REMOTE already has a `main` (say, the repository
   * the generation server deploys from) it is cloned, so saves push on top of that history;
   * otherwise the given files make the first commit. Answers which it did.
   */
  async initialise(files: Record<string, string>): Promise<'cloned' | 'created'> {
    await mkdir(this.dir, { recursive: true });
    if (this.remote && (await this.remoteHasMain(this.remote))) {
      await this.git.exec(['clone', '--quiet', '--branch', 'main', '--', this.remote, '.']);
      return 'cloned';
    }
    await this.git.exec(['init', '--quiet', '--initial-branch=main']);
    for (const [name, content] of Object.entries(files)) await writeFile(this.file(name), content);
    await this.git.exec(['add', '--all']);
    if (await this.git.hasChanges()) await this.git.commit('Add sample base workflows', SYSTEM_AUTHOR);
    if (this.remote) await this.git.exec(['remote', 'add', 'origin', this.remote]);
    await this.push();
    return 'created';
  }

  /**
   * Points `origin` at BASE_WORKFLOWS_REMOTE as configured on this start: it may have been set, or
   * changed, after the repository was made. A new or changed remote is then pushed to at once.
   */
  async attachRemote(): Promise<void> {
    if (!this.remote) return;
    const current = await this.git
      .exec(['remote', 'get-url', 'origin'])
      .then((url) => url.trim())
      .catch(() => null);
    if (current === this.remote) return;
    await this.git.exec(['remote', current === null ? 'add' : 'set-url', 'origin', this.remote]);
    // the URL itself is not logged: it may carry a token
    this.logger.info({ replaced: current !== null }, 'base workflow remote set; pushing to it');
    await this.push();
  }

  private async remoteHasMain(remote: string): Promise<boolean> {
    try {
      return (await this.git.exec(['ls-remote', '--heads', '--', remote, 'main'])).trim() !== '';
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        'base workflow remote not readable; starting a new repository',
      );
      return false;
    }
  }

  async list(): Promise<BaseWorkflowFile[]> {
    const names = (await this.jsonFileNames()).sort((a, b) => a.localeCompare(b));
    return Promise.all(
      names.map(async (name) => {
        const content = await readFile(this.file(name));
        return { name, size: content.length, sha: blobSha(content) };
      }),
    );
  }

  async read(name: string): Promise<BaseWorkflowRead | null> {
    if (!existsSync(this.file(name))) return null;
    const content = await readFile(this.file(name));
    return { name, size: content.length, sha: blobSha(content), raw: content.toString('utf8') };
  }

  async readAll(): Promise<BaseWorkflowRead[]> {
    const files = await this.list();
    const reads = await Promise.all(files.map((f) => this.read(f.name)));
    return reads.filter((r): r is BaseWorkflowRead => r !== null);
  }

  /**
   * Whether `name` is, exactly, one of the files list() shows. Such a name is a directory entry, so
   * it cannot lead out of the repository, whatever it holds (files made outside the app may have
   * parentheses, accents or a `.JSON` suffix).
   */
  async isListed(name: string): Promise<boolean> {
    return (await this.jsonFileNames()).includes(name);
  }

  /**
   * The regular files named *.json. A symlink (never followed, see file()) or a folder so named is
   * no base workflow: listed, it failed the whole list, every save's sync and the missing keys.
   */
  private async jsonFileNames(): Promise<string[]> {
    if (!existsSync(this.dir)) return [];
    return (await readdir(this.dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.json'))
      .map((entry) => entry.name);
  }

  exists(name: string): boolean {
    return existsSync(this.file(name));
  }

  /**
   * The file already named `name` in another case, if any (other than `except`): on a checkout on
   * a case-insensitive file system (macOS, Windows) `FLUX.json` and `flux.json` are one file, and
   * the generation server deploys from such checkouts.
   */
  async sameNameInAnyCase(name: string, except?: string): Promise<string | null> {
    if (!existsSync(this.dir)) return null;
    const wanted = name.toLowerCase();
    return (await readdir(this.dir)).find((n) => n.toLowerCase() === wanted && n !== except) ?? null;
  }

  /** The current commit, or '' while the repository has none yet (a new, empty catalogue). */
  async head(): Promise<string> {
    return (await this.git.exec(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim();
  }

  /**
   * Writes, renames or deletes files and records it as exactly one commit. Returns the commit id
   * (HEAD as it was when nothing changed). When any step fails (git refusing, a locked index, a
   * full disk) the touched files and HEAD are put back as they were before it throws.
   */
  async change(
    edit: { write?: { name: string; content: string }; rename?: { from: string; to: string }; remove?: string },
    message: string,
    author: GitAuthor,
  ): Promise<string> {
    const before = await this.head();
    const touched = [edit.rename?.from, edit.rename?.to, edit.write?.name, edit.remove].filter(
      (name): name is string => name !== undefined,
    );
    const previous = new Map(
      await Promise.all(touched.map(async (name) => [name, await this.contentOf(name)] as const)),
    );
    try {
      if (edit.rename) await rename(this.file(edit.rename.from), this.file(edit.rename.to));
      if (edit.write) await writeFile(this.file(edit.write.name), edit.write.content);
      if (edit.remove) await rm(this.file(edit.remove));
      // only the files of this change: one removed, edited or added by hand meanwhile would
      // otherwise go into this commit, under this admin's name and message, and be deployed
      await this.git.exec(['add', '--all', '--', ...touched]);
      if (!(await this.git.hasStagedChanges())) return before;
      return await this.git.commit(message, author);
    } catch (error) {
      await this.restore(before, previous);
      throw error;
    }
  }

  /**
   * Undoes `commit` (and its files) when what followed it, the database sync or its COMMIT,
   * failed. Only while HEAD is still that commit: a later change by another process is never lost.
   */
  async undoCommit(commit: string, before: string): Promise<void> {
    const head = await this.head();
    if (head !== commit) {
      this.logger.error({ commit, head }, 'base workflow commit not undone: another change followed it');
      return;
    }
    await this.git.exec(['reset', '--hard', '--quiet', before]);
  }

  async log(limit = 50): Promise<Array<{ sha: string; author: string; email: string; subject: string }>> {
    const out = await this.git.exec(['log', `-${limit}`, '--format=%H%x1f%an%x1f%ae%x1f%s']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha = '', author = '', email = '', subject = ''] = line.split('\x1f');
        return { sha, author, email, subject };
      });
  }

  /** Pushes to BASE_WORKFLOWS_REMOTE when set; a failed push is logged, the commit stays. */
  async push(): Promise<boolean> {
    if (!this.remote) return false;
    try {
      await this.git.exec(['push', '--quiet', 'origin', 'HEAD:main']);
      return true;
    } catch (error) {
      this.logger.error({ err: (error as Error).message }, 'pushing base workflows to the remote failed');
      return false;
    }
  }

  private async contentOf(name: string): Promise<Buffer | null> {
    return readFile(this.file(name)).catch(() => null);
  }

  /** Files first, one by one, so they are put back even while git itself is what failed. */
  private async restore(before: string, previous: Map<string, Buffer | null>): Promise<void> {
    for (const [name, content] of previous) {
      try {
        if (content === null) await rm(this.file(name), { force: true });
        else await writeFile(this.file(name), content);
      } catch (err) {
        this.logger.error({ err: (err as Error).message, name }, 'base workflow file not restored after a failure');
      }
    }
    try {
      if ((await this.head()) !== before)
        await this.git.exec(before ? ['reset', '--soft', '--quiet', before] : ['update-ref', '-d', 'HEAD']);
      await this.git.exec(['reset', '--quiet']);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'base workflow index not reset after a failure');
    }
  }

  // names are checked before they get here, but a symlink in the repository could still lead out
  // of it: such a file is treated as absent, never read, written through or removed
  private file(name: string): string {
    const file = path.join(this.dir, name);
    if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) throw new NotFoundError();
    return file;
  }
}
