import type { ZodObject, ZodType } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** Who may call: anyone, any signed-in user, or admins and super_admins only (others get 403). */
export type Access = 'public' | 'user' | 'admin';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

export interface SuccessDoc {
  status: number;
  description: string;
  /** A JSON body; absent when the answer has none or is not JSON (see `media`). */
  schema?: ZodType;
  /** Media types of a body that is a file rather than JSON. */
  media?: string[];
  headers?: ZodObject;
}

/**
 * One route as the document shows it. The schemas are the ones the controller validates with
 * (from @atelier/shared), so the document and the API cannot say different things.
 */
export interface RouteDoc {
  method: HttpMethod;
  /** OpenAPI form (`/jobs/{id}`), relative to the `/api` server. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: ZodObject;
  query?: ZodObject;
  /** Request headers the route reads beyond Authorization, keyed as Node names them (lower case). */
  headers?: ZodObject;
  /** A JSON body. */
  body?: ZodType;
  /** A multipart/form-data body (uploads). */
  form?: ZodType;
  responses: [SuccessDoc, ...SuccessDoc[]];
  /**
   * Errors beyond those the route's shape implies (400 for inputs, 401 unless public, 403 for
   * admin routes, 413 for JSON bodies), each with the text the API sends or when it happens.
   * `null` drops an implied status the route never answers.
   */
  errors?: Partial<Record<ErrorStatus, string | null>>;
}

export function ok(schema: ZodType, description = 'Success'): SuccessDoc {
  return { status: 200, description, schema };
}

export function created(schema: ZodType, description = 'Created'): SuccessDoc {
  return { status: 201, description, schema };
}

/** The texts an error may carry, quoted as the API sends them. */
export function either(...texts: string[]): string {
  return texts.map((text) => `'${text}'`).join(' or ');
}
