import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@atelier/shared';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.js';

const METHODS = ['get', 'post', 'put', 'delete'] as const;

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ key: `${method} ${path}`, path, op: item[method] }] : [])),
  );
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The document as JSON text parses back: what a client reads, and a copy the parser may dereference in place. */
function asServed(doc: unknown): Parameters<typeof validate>[0] {
  return JSON.parse(JSON.stringify(doc)) as Parameters<typeof validate>[0];
}

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(asServed(doc));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('is refused by the same validator when broken, so the check above can fail', async () => {
    const broken = asServed(doc) as { paths: Record<string, unknown> };
    broken.paths['/jobs/{id}'] = { get: { responses: { 200: {} } } };
    expect((await validate(asServed(broken))).valid).toBe(false);
  });

  it('gives every operation a summary, a known tag, a success answer and declared path parameters', () => {
    const tags = new Set(doc.tags?.map((t) => t.name));
    for (const { key, path, op } of operations(doc)) {
      expect(op.summary, key).toBeTruthy();
      expect(op.tags?.length === 1 && tags.has(op.tags[0]!), `${key} tag ${String(op.tags)}`).toBe(true);
      expect(
        Object.keys(op.responses ?? {}).some((s) => /^2\d\d$/.test(s)),
        key,
      ).toBe(true);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'path' ? [p.name] : [])).sort();
      expect(declared, key).toEqual(inPath);
    }
  });

  it('asks for the bearer token except on public routes, and says 401 wherever it does', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicOnes = operations(doc).filter(({ op }) => op.security?.length === 0);
    expect(publicOnes.map((o) => o.key).sort()).toEqual([
      'delete /admin/queue-dashboard/session',
      'get /assets',
      'get /gallery/downloads/{token}',
      'get /health',
      'get /media/{path}',
      'post /login',
    ]);
    for (const { key, op } of operations(doc)) {
      const isPublic = op.security?.length === 0;
      expect(Boolean(op.responses?.['401']), key).toBe(!isPublic || key === 'post /login');
    }
  });

  it('describes every error answer with the shared error shape', () => {
    expect(doc.components?.schemas?.Error).toMatchObject({
      type: 'object',
      properties: { error: { type: 'string' }, fields: { type: 'object' } },
      required: ['error'],
    });
    for (const { key, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400 || key === 'get /health') continue;
        expect(response, `${key} ${status}`).toMatchObject({ content: { 'application/json': { schema: ERROR_REF } } });
      }
    }
  });

  it('marks admin routes with the 403 the role guard answers', () => {
    const admin = operations(doc).filter(({ op }) => op.description?.startsWith('Admins and super_admins only.'));
    expect(admin.length).toBeGreaterThan(30);
    for (const { key, op } of admin) {
      expect(op.responses?.['403'], key).toMatchObject({ description: expect.stringContaining(MESSAGES.forbidden) });
    }
  });

  it('shows shared response shapes once, as components, wherever they nest', () => {
    const jobList = doc.paths?.['/jobs']?.get?.responses?.['200'];
    expect(jobList).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { jobs: { items: { $ref: '#/components/schemas/Job' } } } },
        },
      },
    });
    expect(doc.components?.schemas?.Job).toMatchObject({ required: expect.arrayContaining(['id', 'status']) });
  });
});
