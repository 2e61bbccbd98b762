import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e6f7f6',
  '#cdeceb',
  '#9ad8d5',
  '#63c3be',
  '#38b0aa',
  '#1ea49d',
  '#0b8e88',
  '#0b7a75',
  '#066a65',
  '#005b57',
];

/**
 * Light variants (badges, alerts, light buttons) write in their colour's darkest shade, darkened
 * further: Mantine's default (shade 6 on a 10 % tint, e.g. #f76707 on #fef0e6, 2.7:1) fails WCAG AA
 * for the small text of badges; this gives ≥ 4.5:1 for every palette colour, yellow and orange too.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  return {
    ...colors,
    color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)`,
    hoverColor: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)`,
  };
};

/** Light theme; breakpoints 576/768/992/1200 px (spec §9). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  variantColorResolver,
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'sm' } },
  },
});

/** Darker secondary and error texts than Mantine's defaults: WCAG AA contrast on white and gray.0. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#737b83',
  },
  dark: {},
});
