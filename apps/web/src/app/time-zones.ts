// Time zones for people: city names with their accents and the UTC offset, never the IANA id.

function zoneIds(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/Sao_Paulo', 'UTC'];
  }
}

/** The UTC offset of a zone now, as 'GMT-03:00' style text for the interface language. */
function zoneOffset(zone: string, lang: string): string {
  try {
    const part = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'pt-BR', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Proper names of the cities whose IANA ids drop their accents (the ids are ASCII): the names people
 * read, the same in pt-BR and English.
 */
const CITY_NAMES: Record<string, string> = {
  Sao_Paulo: 'São Paulo',
  Cuiaba: 'Cuiabá',
  Belem: 'Belém',
  Maceio: 'Maceió',
  Araguaina: 'Araguaína',
  Santarem: 'Santarém',
  Eirunepe: 'Eirunepé',
  Noronha: 'Fernando de Noronha',
  Bogota: 'Bogotá',
  Asuncion: 'Asunción',
  Merida: 'Mérida',
  Cancun: 'Cancún',
  Mazatlan: 'Mazatlán',
  Bahia_Banderas: 'Bahía de Banderas',
  Ciudad_Juarez: 'Ciudad Juárez',
  Curacao: 'Curaçao',
  St_Johns: "St. John's",
  Reykjavik: 'Reykjavík',
  Sao_Tome: 'São Tomé',
  Ushuaia: 'Ushuaia',
};

/** A zone's city as people write it: 'São Paulo', 'Fernando de Noronha', 'New York'. */
export function zoneCity(id: string): string {
  const last = id.split('/').pop() ?? id;
  return CITY_NAMES[last] ?? last.replace(/_/g, ' ');
}

/** Time zone options: 'São Paulo (GMT-03:00)' style labels, IANA ids as values. */
export function timeZoneOptions(
  lang: string,
  current?: string | null,
): Array<{ value: string; label: string }> {
  const ids = zoneIds();
  for (const extra of ['UTC', current]) if (extra && !ids.includes(extra)) ids.push(extra);
  return ids
    .map((id) => {
      return { value: id, label: zoneLabel(id, lang) };
    })
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}

/** One zone for reading: 'São Paulo (GMT-03:00)'; the IANA id is never shown. */
export function zoneLabel(id: string, lang: string): string {
  const offset = zoneOffset(id, lang);
  return `${zoneCity(id)}${offset ? ` (${offset})` : ''}`;
}
