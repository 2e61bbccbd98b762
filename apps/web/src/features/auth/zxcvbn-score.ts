import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';

zxcvbnOptions.setOptions({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...ptBr.dictionary },
});

/** zxcvbn guess score 0..4 (loaded lazily, only on pages with a new-password field). */
export function guessScore(password: string, userInputs: string[] = []): number {
  return zxcvbn(password, userInputs).score;
}
