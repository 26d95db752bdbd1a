import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitAuthor {
  name: string;
  email: string;
}

export class GitError extends Error {}

/** A thin, typed wrapper over the git binary for one working tree. */
export class Git {
  constructor(readonly dir: string) {}

  async exec(args: string[], author?: GitAuthor): Promise<string> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      // a path given is a file name, never a pattern (`:(glob)*`, `*`)
      GIT_LITERAL_PATHSPECS: '1',
      ...(author && {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
      }),
    };
    try {
      const { stdout } = await run('git', ['-C', this.dir, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new GitError(`git ${args[0]} failed: ${stderr.trim() || (error as Error).message}`);
    }
  }

  async commit(message: string, author: GitAuthor): Promise<string> {
    await this.exec(['commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', message], author);
    return (await this.exec(['rev-parse', 'HEAD'])).trim();
  }

  async hasChanges(): Promise<boolean> {
    return (await this.exec(['status', '--porcelain'])).trim() !== '';
  }

  /** Whether the index differs from HEAD (what a commit would record), unstaged changes aside. */
  async hasStagedChanges(): Promise<boolean> {
    return (await this.exec(['diff', '--cached', '--name-only'])).trim() !== '';
  }
}
