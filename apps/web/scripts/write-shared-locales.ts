// npm run locales -w @atende/web: rewrites src/locales/<lang>/errors.json and validation.json from
// packages/shared after its ERRORS or VALIDATION_MESSAGES change. No build step writes them; the
// web test src/app/locales.test.ts fails while they are out of date.
import { fileURLToPath } from 'node:url';
import { writeSharedLocales } from './shared-locales';

const changed = writeSharedLocales(fileURLToPath(new URL('../src/locales', import.meta.url)));
console.log(changed.length ? `updated: ${changed.join(', ')}` : 'locales up to date');
