/** Where the viewer and the document are served. */
export const API_DOCS_PATH = '/api/docs';
const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;
export const INITIALIZER_FILE = 'atelier-swagger-init.js';
const INITIALIZER_PATH = `${API_DOCS_PATH}/${INITIALIZER_FILE}`;

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

/**
 * Scripts only by URL from this origin: the CSP allows `script-src 'self'` and no inline script,
 * so the configuration lives in its own file (INITIALIZER), not in the page.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Atelier API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${INITIALIZER_PATH}"></script>
  </body>
</html>
`;

/** validatorUrl null: the page would otherwise send the document to validator.swagger.io. */
export const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_JSON_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
