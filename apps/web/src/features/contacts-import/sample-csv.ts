import type { TFunction } from 'i18next';

const SAMPLE_ROWS = [
  ['Ana Souza', '(11) 98765-4321', 'ana.souza@example.com', 'VIP'],
  ['Bruno Lima', '+55 21 99876-5432', 'bruno.lima@example.com', ''],
  ['Carla Dias', '31 3222-1100', '', 'VIP;2025'],
];

/** A sample spreadsheet in the interface language: the columns the import recognises, three rows. */
export function sampleCsv(t: TFunction): string {
  const header = [t('sample.name'), t('sample.phone'), t('sample.email'), t('sample.tags')];
  const lines = [header, ...SAMPLE_ROWS].map((cells) => cells.join(','));
  // A BOM so spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
