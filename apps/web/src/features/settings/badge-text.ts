/**
 * Text colours for light (tinted) badges that keep a 4.5:1 contrast on their own tint: Mantine's
 * light variant caps the text at shade 6, too pale for 11 px bold text.
 */
export const BADGE_TEXT: Record<string, string | undefined> = {
  green: '#1e6b31',
  yellow: '#7a4b00',
  red: '#a61e1e',
  orange: '#8f3a0a',
  brand: 'brand.9',
  gray: undefined,
};
