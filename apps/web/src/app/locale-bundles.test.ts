import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, FEATURE_NAMESPACES, NAMESPACES } from './i18n';
import enCore from './locale-bundles/en.core';
import enFeatures from './locale-bundles/en.features';
import ptCore from './locale-bundles/pt-BR.core';
import ptFeatures from './locale-bundles/pt-BR.features';
import { buildResources } from './locale-resources';

const namespaces = (files: Record<string, unknown>) =>
  Object.keys(files)
    .map((path) => /([^/]+)\.json$/.exec(path)?.[1])
    .sort();

describe('locale bundles (what the i18n backend loads per language)', () => {
  it('core holds CORE_NAMESPACES, features every other namespace, for both languages', () => {
    for (const [core, features] of [
      [ptCore, ptFeatures],
      [enCore, enFeatures],
    ]) {
      expect(namespaces(core)).toEqual([...CORE_NAMESPACES].sort());
      expect(namespaces(features)).toEqual([...FEATURE_NAMESPACES].sort());
    }
  });

  it('NAMESPACES lists every locale file', () => {
    expect(Object.keys(buildResources()['pt-BR']).sort()).toEqual([...NAMESPACES].sort());
  });
});
