import type { TFunction } from 'i18next';
import type { TContactPhase } from '@atende/shared';

/** A phase's name: the default phases are translated by key until an admin renames them. */
export function phaseLabel(t: TFunction, phase: Pick<TContactPhase, 'name' | 'key'>): string {
  return phase.key ? t(`contacts:phaseKeys.${phase.key}`, { defaultValue: phase.name }) : phase.name;
}
