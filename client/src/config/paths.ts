type Id = number | string;

const segment = (value: Id): string => encodeURIComponent(String(value));

/** Every route of SPEC section 2: the pattern the router registers and the link builder screens use. */
export const paths = {
  home: { path: '/', href: () => '/' },
  workflows: { path: '/workflows', href: () => '/workflows' },
  workflow: { path: '/workflow/:id', href: (id: Id) => `/workflow/${segment(id)}` },
  slugWorkflow: { path: '/workflow-slug/:id', href: (id: Id) => `/workflow-slug/${segment(id)}` },
  queue: { path: '/queue', href: () => '/queue' },
  history: { path: '/history', href: () => '/history' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  job: { path: '/job/:id', href: (id: Id) => `/job/${segment(id)}` },
  gallery: { path: '/gallery', href: () => '/gallery' },
  galleryJob: { path: '/gallery/:jobId', href: (jobId: Id) => `/gallery/${segment(jobId)}` },
  admin: { path: '/admin', href: () => '/admin' },
  adminSlugWorkflowEdit: {
    path: '/admin/workflow/:id/slug',
    href: (id: Id) => `/admin/workflow/${segment(id)}/slug`,
  },
  adminSlugWorkflowNew: { path: '/admin/workflow/new-slug', href: () => '/admin/workflow/new-slug' },
} as const;

export type PathName = keyof typeof paths;
