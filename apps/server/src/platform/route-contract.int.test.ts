import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../testing/test-app';

/**
 * Every operation's answer is in the OpenAPI document (/docs): JSON envelopes with their data
 * schema, files and pages with their media types; product routes (/p/...) name their account.
 */
let ctx: TTestApp;
let doc: { paths: Record<string, Record<string, any>> };

beforeAll(async () => {
  ctx = await startTestApp();
  doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(async () => {
  await ctx.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, path, op })),
  );

describe('OpenAPI document', () => {
  it('documents the 200 answer of every operation', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter(({ op }) => !op.responses?.['200']?.content).map(({ id }) => id)).toEqual([]);
  });

  it('JSON answers are the { status: 1, data } envelope', () => {
    const json = operations().filter(({ op }) => op.responses['200'].content['application/json']);
    expect(json.length).toBeGreaterThan(80);
    const bad = json.filter(({ op }) => {
      const schema = op.responses['200'].content['application/json'].schema;
      return !schema.properties?.status || !schema.properties?.data;
    });
    expect(bad.map(({ id }) => id)).toEqual([]);
  });

  it('every product operation names its account (acc in the path or the query)', () => {
    // Signed links (media) carry acc in the query too; the team chat file link is opened by room.
    const product = operations().filter(({ path }) => path.startsWith('/p/') && !path.includes('redirFile'));
    const missing = product.filter(({ op }) => !(op.parameters ?? []).some((p: any) => p.name === 'acc'));
    expect(missing.map(({ id }) => id)).toEqual([]);
  });
});
