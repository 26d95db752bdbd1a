import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Role } from '@atelier/shared';
import { API_PREFIX } from '../../src/api-app.js';
import { IS_PUBLIC, ROLES } from '../../src/auth/auth.decorators.js';
import { API_DOCS_PATH } from '../../src/openapi/swagger-ui-page.js';
import { QUEUE_DASHBOARD_PATH } from '../../src/queue-dashboard/dashboard-cookie.js';

/**
 * Who may call a route. `public`: anyone; `user`: any signed-in user; `admin`: admins and super
 * admins; `metrics`: a scraper holding METRICS_TOKEN; `fallback`: Nest's answer to an unknown /api
 * path; `unclassified`: a route this file does not know how to judge, which tests must refuse.
 */
export type Access = 'public' | 'user' | 'admin' | 'metrics' | 'fallback' | 'unclassified';

/** One thing the server answers: `get /api/jobs/:id`; `all` for a mount whose inner routes Express hides. */
export interface RegisteredRoute {
  method: string;
  /** Express syntax, as registered: `/api/jobs/:id`, `/api/media/*path`. */
  path: string;
  /** Declared by a Nest controller, or mounted as plain Express beside Nest. */
  source: 'nest' | 'express';
  access: Access;
}

/** `get /api/jobs/:id`: how routes are named in lists and messages. */
export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

interface ExpressLayer {
  name: string;
  rawPath?: string | string[];
  slash?: boolean;
  route?: { path: string | string[]; methods: Record<string, boolean | undefined> };
  handle?: { stack?: ExpressLayer[] };
}

/**
 * What Express serves beside Nest's controllers, judged here by hand: api-app.ts mounts these as
 * plain Express ahead of Nest. Anything else found outside Nest is `unclassified`.
 */
function expressAccess(method: string, path: string): Access {
  if (path === '/metrics' && method === 'get') return 'metrics';
  if ((path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`)) && method === 'get') return 'public';
  // Bull Board's own routes sit behind the dashboard's admin check, see queue-dashboard.ts
  if (path === `${QUEUE_DASHBOARD_PATH}/*` && method === 'all') return 'admin';
  // Nest's not-found handler for the global prefix (its error handler is middleware, no route)
  if (path === `/${API_PREFIX}/*path` && method === 'all') return 'fallback';
  return 'unclassified';
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function methodsOf(route: NonNullable<ExpressLayer['route']>): string[] {
  return Object.entries(route.methods)
    .filter(([, on]) => on)
    .map(([method]) => (method === '_all' ? 'all' : method));
}

/**
 * Every route the running server answers, read from the Express router: routes Nest registered,
 * routes of routers mounted under a path, and one `all` entry for anything else mounted under a
 * path (Bull Board's application, whose inner routes Express keeps out of reach, and the admin check
 * in front of it). Middleware mounted at / for every request is no route.
 */
export function expressRoutes(app: NestExpressApplication): Array<{ method: string; path: string }> {
  const router = app.getHttpAdapter().getInstance().router as unknown as { stack: ExpressLayer[] };
  const found: Array<{ method: string; path: string }> = [];
  const walk = (stack: ExpressLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const method of methodsOf(layer.route)) found.push({ method, path: joinPath(prefix, path) });
        }
        continue;
      }
      if (layer.slash) {
        // global middleware; a router mounted at / would still hold routes of its own
        if (layer.handle?.stack) walk(layer.handle.stack, prefix);
        continue;
      }
      for (const mount of [layer.rawPath ?? ''].flat()) {
        const at = joinPath(prefix, mount);
        if (layer.handle?.stack) walk(layer.handle.stack, at);
        // a mounted application, or middleware that may answer by itself: the whole prefix is one route
        else if (!found.some((r) => r.method === 'all' && r.path === `${at}/*`))
          found.push({ method: 'all', path: `${at}/*` });
      }
    }
  };
  walk(router.stack, '');
  return found;
}

interface NestHandlerMetadata {
  method: string;
  path: string;
  isPublic: boolean;
  roles: Role[] | undefined;
}

/** Every handler Nest's controller metadata declares, with its full path under the global prefix. */
export function nestHandlers(app: NestExpressApplication): NestHandlerMetadata[] {
  const handlers: NestHandlerMetadata[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (requestMethod === undefined) continue;
        const methodPaths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        const read = <T>(key: string): T | undefined =>
          (Reflect.getMetadata(key, handler) as T | undefined) ??
          (Reflect.getMetadata(key, controller) as T | undefined);
        for (const controllerPath of controllerPaths) {
          for (const methodPath of methodPaths) {
            handlers.push({
              method: RequestMethod[requestMethod].toLowerCase(),
              path: joinPath(`/${API_PREFIX}`, joinPath(controllerPath ?? '', methodPath ?? '')),
              isPublic: read<boolean>(IS_PUBLIC) === true,
              roles: read<Role[]>(ROLES),
            });
          }
        }
      }
    }
  }
  return handlers;
}

function nestAccess(handler: NestHandlerMetadata): Access {
  if (handler.isPublic) return 'public';
  if (!handler.roles?.length) return 'user';
  return handler.roles.includes('user') ? 'user' : 'admin';
}

/**
 * Every registered route with who may call it: Nest's routes judged by their @Public and @Roles
 * metadata, the rest by `expressAccess`. A route Express serves that no controller declares and
 * the Express list does not know comes out `unclassified`.
 */
export function registeredRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const declared = new Map(nestHandlers(app).map((h) => [routeKey(h), h]));
  return expressRoutes(app)
    .map(({ method, path }): RegisteredRoute => {
      const handler = declared.get(routeKey({ method, path }));
      return handler
        ? { method, path, source: 'nest', access: nestAccess(handler) }
        : { method, path, source: 'express', access: expressAccess(method, path) };
    })
    .sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Values for path parameters that reach a handler's checks and name nothing real. */
const SAMPLE_PARAMS: Record<string, string> = { filename: 'nothing.json', path: 'nothing.png' };

/** A concrete path for a route: each `:name` or `*name` replaced, `/*` by one segment. */
export function samplePath(path: string, params: Record<string, string | number> = {}): string {
  return path
    .replace(/[:*](\w+)/g, (_, name: string) => String(params[name] ?? SAMPLE_PARAMS[name] ?? '999999'))
    .replace(/\/\*$/, '/');
}

/** The names of a route's path parameters: `/api/admin/users/:id/folders/:folderId` -> id, folderId. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);
}
