/** Price in cents (BRL) formatted for the interface language. */
export function formatPrice(cents: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR', {
    style: 'currency',
    currency: 'BRL',
  }).format(cents / 100);
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR').format(value);
}

export function formatDate(value: string | null | undefined, lang: string, withTime = false): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'pt-BR', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}
