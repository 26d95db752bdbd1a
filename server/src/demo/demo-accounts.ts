import { folderInputSchema, type SessionUser } from '@atelier/shared';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, type DemoUser } from './demo-content.js';
import { resolveParameters } from './demo-job-runner.js';
import type { DemoServices } from './demo-services.js';
import { daysBefore } from './demo-timeline.js';
import type { SampleWorkflows } from './sample-workflows.js';

export interface DemoAccount {
  user: SessionUser;
  plan: DemoUser;
  /** Saved configuration ids with the day each was saved. */
  configurationDates: Map<number, Date>;
}

/**
 * One demo user with what the admin and the user would have set up by hand: workflow grants,
 * favourites, saved configurations and gallery folders, each through the repository its API
 * call uses and checked by the same shared schemas and parameter rules.
 */
export async function createDemoAccount(
  s: DemoServices,
  plan: DemoUser,
  workflows: SampleWorkflows,
  grantedBy: number,
  now: Date,
): Promise<DemoAccount> {
  const created = await s.users.insert({
    username: plan.username,
    email: `${plan.username.replace(/^demo_/, '')}@${DEMO_EMAIL_DOMAIN}`,
    passwordHash: await s.hasher.hash(DEMO_PASSWORD),
    role: plan.role,
  });
  const user: SessionUser = { id: created.id, username: created.username, role: created.role };

  const withheld = new Set(plan.withheld.map((key) => workflows[key].id));
  for (const workflow of await s.demo.visibleWorkflows()) {
    if (!withheld.has(workflow.id)) await s.permissions.grant(user.id, workflow.id, grantedBy);
  }
  for (const key of plan.favourites) await s.workflows.toggleFavorite(user.id, workflows[key].id);

  const configurationDates = new Map<number, Date>();
  for (const configuration of plan.configurations) {
    const workflow = workflows[configuration.workflow];
    await resolveParameters(s, workflow, configuration.values);
    const saved = await s.configurations.upsertByName(user.id, workflow.id, configuration.name, configuration.values);
    configurationDates.set(saved.configuration.id, daysBefore(now, configuration.daysAgo));
  }
  for (const folder of plan.folders) await s.folders.insert(user.id, folderInputSchema.parse(folder));
  return { user, plan, configurationDates };
}
