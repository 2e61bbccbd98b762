import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate, testEngine } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

/** Migrates one template database per run; every test file copies it. */
export default async function setup(project: TestProject) {
  const engine = testEngine();
  const template = await prepareTemplate(engine);
  project.provide('dbTemplate', template);
  return async () => {
    await dropTemplate(engine, template);
  };
}
