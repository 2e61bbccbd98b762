import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';

// Keyboard patterns, sequences, repeats, dates and the user's own name/e-mail; the big word lists
// (hundreds of kB) are left out so this lazily loaded chunk stays small.
zxcvbnOptions.setOptions({ graphs: adjacencyGraphs });

/** zxcvbn guess score 0..4 (loaded lazily, only on pages with a new-password field). */
export function guessScore(password: string, userInputs: string[] = []): number {
  return zxcvbn(password, userInputs.filter(Boolean)).score;
}
