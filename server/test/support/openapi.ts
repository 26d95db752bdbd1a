import type { NestExpressApplication } from '@nestjs/platform-express';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { API_PREFIX } from '../../src/api-app.js';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.js';

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean | undefined> };
}

/** `get /jobs/{id}`: one operation, in the document's path form (relative to /api). */
export type OperationKey = `${string} /${string}`;

/** Express path syntax to OpenAPI's: `/api/jobs/:id` -> `/jobs/{id}`, `/api/media/*path` -> `/media/{path}`. */
export function openApiPathOf(expressPath: string): string {
  return expressPath.slice(`/${API_PREFIX}`.length).replace(/[:*](\w+)/g, '{$1}');
}

/**
 * Every route the running server answers under /api, read from the Express router Nest registered
 * its controllers on: what the server really does, not what decorators say it should.
 */
export function registeredApiOperations(app: NestExpressApplication): OperationKey[] {
  const router = app.getHttpAdapter().getInstance().router as unknown as { stack: ExpressLayer[] };
  const operations: OperationKey[] = [];
  for (const { route } of router.stack) {
    if (!route) continue;
    for (const path of [route.path].flat()) {
      if (!path.startsWith(`/${API_PREFIX}/`)) continue;
      for (const [method, on] of Object.entries(route.methods)) {
        if (on) operations.push(`${method} ${openApiPathOf(path)}` as OperationKey);
      }
    }
  }
  return operations.sort();
}

export function documentedOperations(doc: OpenApiDocument): OperationKey[] {
  return Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => `${m} ${path}` as OperationKey))
    .sort();
}

/** Checks bodies against the document's own schemas, references to components included. */
export function responseValidator(doc: OpenApiDocument) {
  const id = 'https://atelier.test/openapi.json';
  // strict off: the document is OpenAPI around JSON Schemas, and `format: binary` is no JSON Schema format
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: id });
  const cache = new Map<string, ValidateFunction>();

  return (method: string, path: string, status: number, body: unknown): string[] => {
    const operation = doc.paths?.[path]?.[method as (typeof HTTP_METHODS)[number]];
    if (!operation) return [`${method} ${path} is not documented`];
    if (!operation.responses?.[String(status)]) return [`${method} ${path} documents no ${status} answer`];
    const pointer = ['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema']
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}#/${pointer}` });
      cache.set(pointer, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}
