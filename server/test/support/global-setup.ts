import type { TestProject } from 'vitest/node';
import { resolveTestServices } from './test-services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await resolveTestServices();
  project.provide('databaseAdminUrl', services.databaseAdminUrl);
  project.provide('redisUrl', services.redisUrl);
  return () => services.stop();
}
