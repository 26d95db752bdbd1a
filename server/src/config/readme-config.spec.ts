import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.schema.js';

const README = path.resolve(import.meta.dirname, '../../../README.md');

/** The README's configuration table: variable -> default column, as written. */
function readmeTable(): Map<string, string> {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(
    text.indexOf('## Configuration'),
    text.indexOf('\n## ', text.indexOf('## Configuration') + 1),
  );
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

describe("the README's configuration table", () => {
  const rows = readmeTable();
  const keys = Object.keys(envSchema.shape);

  it('lists every variable the server reads, and no other', () => {
    expect(rows.size).toBeGreaterThan(10);
    expect(keys.filter((k) => !rows.has(k))).toEqual([]);
    expect([...rows.keys()].filter((k) => !keys.includes(k))).toEqual([]);
  });

  it("gives each literal default as the schema's own", () => {
    const defaults = envSchema.parse({}) as Record<string, unknown>;
    const wrong: string[] = [];
    for (const [name, written] of rows) {
      const literal = /^`([^`]*)`$/.exec(written)?.[1];
      if (literal === undefined) continue; // prose such as "none" or "random, printed once"
      const actual = defaults[name];
      const shown = Array.isArray(actual) ? actual.join(',') : String(actual);
      if (shown !== literal) wrong.push(`${name}: README says ${literal}, the schema ${shown}`);
    }
    expect(wrong).toEqual([]);
  });
});
