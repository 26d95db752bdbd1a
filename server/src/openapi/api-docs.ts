import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Express } from 'express';
import type { OpenApiDocument } from './openapi-document.js';
import { API_DOCS_PATH, DOCS_PAGE, INITIALIZER, INITIALIZER_FILE, SWAGGER_UI_FILES } from './swagger-ui-page.js';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The API documentation at /api/docs: the OpenAPI document and Swagger UI over it. Public, like
 * the client bundle that makes the same calls: it shows shapes, never data, and "Try it out" needs
 * a token like any other caller. Mounted as plain Express ahead of Nest, so it is no API route.
 */
export function mountApiDocs(app: Express, document: OpenApiDocument): void {
  const json = JSON.stringify(document);
  const docs = Router();
  docs.get('/', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache').send(DOCS_PAGE);
  });
  docs.get('/openapi.json', (_req, res) => {
    res.type('json').setHeader('Cache-Control', 'no-cache').send(json);
  });
  docs.get(`/${INITIALIZER_FILE}`, (_req, res) => {
    res.type('js').setHeader('Cache-Control', 'no-cache').send(INITIALIZER);
  });
  for (const file of SWAGGER_UI_FILES) {
    docs.get(`/${file}`, (_req, res) => res.sendFile(path.join(swaggerUiDir, file), { maxAge: '1h' }));
  }
  app.use(API_DOCS_PATH, docs);
}
