import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.schema.js';

const COMPOSE = path.resolve(import.meta.dirname, '../../../docker-compose.yml');

/**
 * Settings docker-compose.yml fixes for its own stack (its database, Redis, the volume every process
 * shares and the image's port, which the port mapping and the API's health check assume), or that
 * mean nothing there.
 */
const FIXED = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'EMBEDDED_PG_PORT',
  'REDIS_URL',
  'BASE_WORKFLOWS_DIR',
  'CLIENT_DIST_DIR',
];

/** The `environment` block every app container shares: name -> value as written. */
function appEnvironment(): Map<string, string> {
  const lines = readFileSync(COMPOSE, 'utf8').split('\n');
  const start = lines.findIndex((l) => /^\s+environment: &app-env\s*$/.test(l));
  const indent = /^\s*/.exec(lines[start + 1] ?? '')![0];
  const out = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (/^\s*#/.test(line)) continue;
    if (!line.startsWith(indent) || line[indent.length] === ' ') break;
    const [, name, value] = /^\s+([A-Z][A-Z0-9_]*): (.*)$/.exec(line) ?? [];
    if (name) out.set(name, value ?? '');
  }
  return out;
}

describe("docker-compose.yml's app environment", () => {
  const env = appEnvironment();
  const keys = Object.keys(envSchema.shape);

  it('names only variables the server reads', () => {
    expect(env.size).toBeGreaterThan(5);
    expect([...env.keys()].filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('passes on every other setting from the shell or .env, under its own name', () => {
    // `export COMFYUI_URL=... ; docker compose up` must reach the workers, not leave them on the
    // builtin renderer with nothing said
    const wrong = keys
      .filter((k) => !FIXED.includes(k))
      .filter((k) => !new RegExp(`^\\$\\{${k}(:?[-?][^}]*)?\\}$`).test(env.get(k) ?? ''));
    expect(wrong).toEqual([]);
  });
});
