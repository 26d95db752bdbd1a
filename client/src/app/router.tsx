import { MESSAGES } from '@atelier/shared';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageError } from '../components/page-error';
import { paths } from '../config/paths';
import { AdminDashboardPage } from '../features/admin/components/admin-dashboard-page';
import { SlugWorkflowCreatePage } from '../features/admin/components/slug-workflow-create-page';
import { SlugWorkflowEditPage } from '../features/admin/components/slug-workflow-edit-page';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { GalleryPage } from '../features/gallery/components/gallery-page';
import { GeneratePage } from '../features/generate/components/generate-page';
import { HistoryPage } from '../features/history/components/history-page';
import { JobDetailsPage } from '../features/jobs/components/job-details-page';
import { QueuePage } from '../features/queue/components/queue-page';
import { SlugWorkflowPage } from '../features/workflows/components/slug-workflow-page';
import { WorkflowPage } from '../features/workflows/components/workflow-page';
import { WorkflowsPage } from '../features/workflows/components/workflows-page';
import { AppRoot } from './app-root';

/** SPEC section 2: every route, all behind sign-in; anything else goes to /. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <AppRoot />,
    // above the layout: a failure of the shell itself
    errorElement: <PageError />,
    children: [
      {
        // inside the layout: a screen that fails keeps the navigation around it
        errorElement: <PageError />,
        children: [
          { index: true, element: <GeneratePage /> },
          { path: paths.workflows.path, element: <WorkflowsPage /> },
          { path: paths.workflow.path, element: <WorkflowPage /> },
          { path: paths.slugWorkflow.path, element: <SlugWorkflowPage /> },
          { path: paths.queue.path, element: <QueuePage /> },
          { path: paths.history.path, element: <HistoryPage /> },
          { path: paths.dashboard.path, element: <AnalyticsPage /> },
          { path: paths.job.path, element: <JobDetailsPage /> },
          { path: paths.gallery.path, element: <GalleryPage /> },
          { path: paths.galleryJob.path, element: <GalleryPage /> },
          {
            element: <RequireAdmin />,
            children: [{ path: paths.admin.path, element: <AdminDashboardPage /> }],
          },
          {
            element: <RequireAdmin description={MESSAGES.forbidden} />,
            children: [
              { path: paths.adminSlugWorkflowEdit.path, element: <SlugWorkflowEditPage /> },
              { path: paths.adminSlugWorkflowNew.path, element: <SlugWorkflowCreatePage /> },
            ],
          },
          { path: '*', element: <Navigate to={paths.home.href()} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
