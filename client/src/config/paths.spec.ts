import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the link of every route', () => {
    expect(paths.home.href()).toBe('/');
    expect(paths.workflows.href()).toBe('/workflows');
    expect(paths.workflow.href(12)).toBe('/workflow/12');
    expect(paths.slugWorkflow.href(12)).toBe('/workflow-slug/12');
    expect(paths.queue.href()).toBe('/queue');
    expect(paths.history.href()).toBe('/history');
    expect(paths.dashboard.href()).toBe('/dashboard');
    expect(paths.job.href(7)).toBe('/job/7');
    expect(paths.gallery.href()).toBe('/gallery');
    expect(paths.galleryJob.href(7)).toBe('/gallery/7');
    expect(paths.admin.href()).toBe('/admin');
    expect(paths.adminSlugWorkflowEdit.href(3)).toBe('/admin/workflow/3/slug');
    expect(paths.adminSlugWorkflowNew.href()).toBe('/admin/workflow/new-slug');
  });

  it('escapes ids so a link always stays one segment', () => {
    expect(paths.job.href('a/b?c')).toBe('/job/a%2Fb%3Fc');
  });

  it('builds links that match their own route pattern', () => {
    for (const route of Object.values(paths)) {
      const href = route.href(42);
      expect(matchPath(route.path, href), `${route.path} vs ${href}`).not.toBeNull();
    }
    expect(matchPath(paths.workflow.path, paths.workflow.href(42))?.params).toEqual({ id: '42' });
    expect(matchPath(paths.galleryJob.path, paths.galleryJob.href(9))?.params).toEqual({ jobId: '9' });
  });
});
