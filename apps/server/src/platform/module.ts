import type { FastifyInstance } from 'fastify';
import type { TPlatform } from './platform';

/**
 * One server module (DESIGN.md §2): its tables (for the schema registry), `create` — its services,
 * built from the platform and the services of the modules before it in MODULES — and `plugin`,
 * which registers only its own routes, sockets, jobs and domain-event listeners (before the jobs
 * start). A module reacts to another through domain events, never through setters.
 */
export interface TModule<TDeps, TServices extends object> {
  name: string;
  tables: Record<string, unknown>;
  create(platform: TPlatform, deps: TDeps): TServices;
  plugin?(app: FastifyInstance): Promise<void>;
}

export function defineModule<TDeps, TServices extends object>(
  module: TModule<TDeps, TServices>,
): TModule<TDeps, TServices> {
  return module;
}
