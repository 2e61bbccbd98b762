import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as registry from '../platform/db/schema';
import { MODULES } from '.';

/** Every table belongs to one module's manifest, and every manifest's tables are in the schema registry. */
describe('module manifests', () => {
  const isTable = (v: unknown): v is PgTable => is(v, PgTable);
  const registryTables = new Set<unknown>(Object.values(registry).filter(isTable));
  const platformTables = new Set<unknown>([registry.eventReceipts]);

  it('names each module once, in an order where each depends only on those before it', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.indexOf('inbox')).toBeGreaterThan(names.indexOf('contacts'));
    expect(names.indexOf('webchat')).toBeGreaterThan(names.indexOf('inbox'));
  });

  it('the manifests declare every table of the registry exactly once', () => {
    expect(registryTables.size).toBeGreaterThan(20);
    const owners = new Map<unknown, string[]>();
    for (const module of MODULES)
      for (const table of Object.values(module.tables).filter(isTable))
        owners.set(table, [...(owners.get(table) ?? []), module.name]);
    for (const [table, names] of owners) {
      expect(names, `a table declared by ${names.join(', ')}`).toHaveLength(1);
      expect(registryTables.has(table)).toBe(true);
    }
    const unowned = [...registryTables].filter((t) => !owners.has(t) && !platformTables.has(t));
    expect(unowned).toEqual([]);
  });
});
