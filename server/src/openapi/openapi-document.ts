import { readFileSync } from 'node:fs';
import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { MESSAGES, errorResponseSchema } from '@atelier/shared';
import { z } from 'zod';
import { API_TAGS, apiRoutes } from './api-routes.js';
import { nameSharedSchemas } from './component-names.js';
import type { ErrorStatus, RouteDoc, SuccessDoc } from './route-doc.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const BEARER_SCHEME = 'bearer';

const IMPLIED_ERRORS = {
  400: 'Invalid input: `error` names the first problem, `fields` maps each field (dotted path) to its message',
  401: `${MESSAGES.unauthorized}: no token, or one that expired or was issued before a password change`,
  403: MESSAGES.forbidden,
  413: 'Request body is larger than the JSON body limit',
} as const;

const retryAfter = z.object({ 'Retry-After': z.string().meta({ description: 'Seconds until a retry may pass' }) });

function errorsOf(route: RouteDoc): Map<ErrorStatus, string> {
  const errors = new Map<ErrorStatus, string>();
  if (route.params || route.query || route.headers || route.body || route.form) errors.set(400, IMPLIED_ERRORS[400]);
  if (route.access !== 'public') errors.set(401, IMPLIED_ERRORS[401]);
  if (route.access === 'admin') errors.set(403, IMPLIED_ERRORS[403]);
  if (route.body) errors.set(413, IMPLIED_ERRORS[413]);
  for (const [key, text] of Object.entries(route.errors ?? {})) {
    const status = Number(key) as ErrorStatus;
    const implied = errors.get(status);
    if (text === null) errors.delete(status);
    else errors.set(status, implied ? `${implied}\n\n${text}` : text);
  }
  return errors;
}

function errorResponse(status: ErrorStatus, description: string): ResponseConfig {
  return {
    description,
    content: { 'application/json': { schema: errorResponseSchema } },
    ...(status === 429 ? { headers: retryAfter } : {}),
  };
}

function successResponse({ description, schema, media, headers }: SuccessDoc): ResponseConfig {
  const content = schema
    ? { 'application/json': { schema } }
    : media && Object.fromEntries(media.map((type) => [type, {}]));
  return { description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
}

/** `get /jobs/{id}/results` -> `getJobsByIdResults`: stable ids for deep links and client generators. */
function operationId({ method, path }: RouteDoc): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method + words.join('');
}

function toRouteConfig(route: RouteDoc): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const success of route.responses) responses[success.status] = successResponse(success);
  for (const [status, text] of errorsOf(route)) responses[status] = errorResponse(status, text);
  const adminNote = route.access === 'admin' ? 'Admins and super_admins only. ' : '';
  const description = `${adminNote}${route.description ?? ''}`.trim();
  return {
    method: route.method,
    path: route.path,
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    // an empty list lifts the document-wide bearer requirement
    ...(route.access === 'public' ? { security: [] } : {}),
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.body ? { body: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
      ...(route.form ? { body: { required: true, content: { 'multipart/form-data': { schema: route.form } } } } : {}),
    },
    responses,
  };
}

function packageVersion(): string {
  // server/package.json, from src/openapi (tests) and dist/openapi (builds) alike
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The OpenAPI 3.1 document of every route under /api, built from the shared zod schemas. */
export function buildOpenApiDocument(routes: readonly RouteDoc[] = apiRoutes): OpenApiDocument {
  nameSharedSchemas();
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token POST /login returns',
  });
  for (const route of routes) registry.registerPath(toRouteConfig(route));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: packageVersion(),
      description: [
        'Sign in with `POST /login` and send the token as `Authorization: Bearer <token>`.',
        'Every error answers `{ "error": "<text>" }` (plus `fields` for invalid input) with its status.',
        'Live updates travel over Socket.IO at `/socket.io` and are not described here.',
      ].join('\n\n'),
    },
    servers: [{ url: '/api' }],
    security: [{ [BEARER_SCHEME]: [] }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  });
}
