import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

/** Light theme; breakpoints 576/768/992/1200 px (spec §9). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
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
