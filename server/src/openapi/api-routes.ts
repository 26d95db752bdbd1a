import { adminCatalogueRoutes } from './routes/admin-catalogue-routes.js';
import { adminUsersRoutes } from './routes/admin-users-routes.js';
import { analyticsRoutes } from './routes/analytics-routes.js';
import { assetsRoutes } from './routes/assets-routes.js';
import { foldersRoutes } from './routes/folders-routes.js';
import { galleryRoutes } from './routes/gallery-routes.js';
import { jobsRoutes } from './routes/jobs-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { workflowOverridesRoutes } from './routes/workflow-overrides-routes.js';
import { workflowsRoutes } from './routes/workflows-routes.js';
import type { RouteDoc } from './route-doc.js';

/** Every route under /api, in the order the viewer lists them. A test holds it to what the server registers. */
export const apiRoutes: readonly RouteDoc[] = [
  ...sessionRoutes,
  ...jobsRoutes,
  ...analyticsRoutes,
  ...workflowsRoutes,
  ...workflowOverridesRoutes,
  ...assetsRoutes,
  ...galleryRoutes,
  ...foldersRoutes,
  ...adminCatalogueRoutes,
  ...adminUsersRoutes,
];

export const API_TAGS = [
  { name: 'Session', description: 'Signing in and the current session' },
  { name: 'Jobs', description: 'Submitting jobs, the shared queue and job history' },
  { name: 'Analytics', description: 'The analytics dashboard' },
  { name: 'Workflows', description: 'Workflows, their parameters and overrides' },
  { name: 'Configurations', description: 'Saved parameter values of a workflow' },
  { name: 'Assets', description: 'Uploaded input images' },
  { name: 'Gallery', description: "The caller's produced images and videos" },
  { name: 'Gallery folders', description: "The caller's gallery folders" },
  { name: 'Base workflows', description: 'Admin: the base workflow files (a git repository)' },
  { name: 'Override definitions', description: 'Admin: the parameters slug workflows may expose' },
  { name: 'Users', description: 'Admin: users, their folders and workflow permissions' },
  { name: 'System', description: 'Health checks and signed media URLs' },
] as const;
