import type { TTextPart } from './extract-text';

/**
 * A web page's readable text for the knowledge base, without an HTML library: scripts, styles,
 * navigation, headers/footers of the site, forms and hidden elements are dropped; when the page
 * has a <main> (or role="main") or a single <article>, only that is read; each heading (h1–h6)
 * starts a new part whose section is the heading's text (what a passage cites); block elements
 * separate paragraphs. Entities are decoded (named ones common in Portuguese and English, and
 * numeric ones).
 */

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'nav',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'dialog',
  'head',
]);
/** Elements whose content is raw text (no tags inside): skipped up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'template']);
/** Elements with no closing tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements that end a paragraph (their text is never glued to the next one's). */
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'hr',
  'br',
  'caption',
  'fieldset',
  'body',
  'html',
]);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  ordm: 'º',
  ordf: 'ª',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  iexcl: '¡',
  iquest: '¿',
  szlig: 'ß',
  zwnj: '',
  zwj: '',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
};
// Accented letters: &aacute; &Atilde; &ccedil; &ouml; …
for (const [mark, combining] of [
  ['acute', '\u0301'],
  ['grave', '\u0300'],
  ['circ', '\u0302'],
  ['tilde', '\u0303'],
  ['uml', '\u0308'],
  ['cedil', '\u0327'],
] as const)
  for (const letter of 'aeiouycnAEIOUYCN') {
    const composed = (letter + combining).normalize('NFC');
    if (composed.length === 1) NAMED[letter + mark] = composed;
  }

/** Decodes character references: named (the table above), decimal and hexadecimal. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '\uFFFD';
      return String.fromCodePoint(code);
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
  });
}

const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

/** Whether a tag's attributes hide it or mark it as navigation. */
function hiddenByAttributes(attributes: string): boolean {
  if (!attributes) return false;
  return (
    /\shidden(\s|=|$)/i.test(attributes) ||
    /\saria-hidden\s*=\s*["']?true/i.test(attributes) ||
    /\srole\s*=\s*["']?(navigation|banner|contentinfo|complementary|search)\b/i.test(attributes) ||
    /\sstyle\s*=\s*["'][^"']*display\s*:\s*none/i.test(attributes)
  );
}

/** The part of the page worth reading: <main> / role="main", else a single <article>, else all. */
function mainContent(html: string): string {
  const main = /<main\b[^>]*>|<[a-z]+\b[^>]*\srole\s*=\s*["']?main\b[^>]*>/i.exec(html);
  if (main) {
    const tag = /^<([a-z]+)/i.exec(main[0])![1].toLowerCase();
    const end = html.toLowerCase().lastIndexOf(`</${tag}>`);
    if (tag === 'main' && end > main.index) return html.slice(main.index, end);
    if (tag !== 'main') return html.slice(main.index);
  }
  const articles = html.match(/<article\b/gi);
  if (articles?.length === 1) {
    const start = html.search(/<article\b/i);
    const end = html.toLowerCase().lastIndexOf('</article>');
    if (end > start) return html.slice(start, end);
  }
  return html;
}

export interface THtmlText {
  title: string | null;
  parts: TTextPart[];
}

/** The page's title and its text in parts, one per heading (section = the heading's text). */
export function htmlToParts(html: string): THtmlText {
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ' ');
  const titleMatch = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(cleaned);
  const title = titleMatch ? clean(decodeEntities(titleMatch[1])) || null : null;
  const source = mainContent(cleaned);

  const parts: TTextPart[] = [];
  let section: string | null = null;
  let paragraphs: string[] = [];
  let line = '';
  let heading: string | null = null; // the text of the heading being read
  const endParagraph = () => {
    const text = clean(line);
    if (text) paragraphs.push(text);
    line = '';
  };
  const flush = () => {
    endParagraph();
    const text = paragraphs.join('\n\n').trim();
    if (text) parts.push({ page: null, section, text });
    paragraphs = [];
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    if (heading !== null) heading += text;
    else line += text;
  };

  let at = 0;
  let skipping: { name: string; depth: number } | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(source); m; m = TAG.exec(source)) {
    const [whole, slash, rawName, attributes, selfClosing] = m;
    const name = rawName.toLowerCase();
    const closing = slash === '/';
    if (!skipping) addText(source.slice(at, m.index));
    at = m.index + whole.length;

    if (!closing && RAW_TEXT.has(name) && !selfClosing) {
      // Raw text: no tags inside; jump past its closing tag (dropped, or read for <title>).
      const end = source.toLowerCase().indexOf(`</${name}`, at);
      const stop = end === -1 ? source.length : end;
      const close = source.indexOf('>', stop);
      at = close === -1 ? source.length : close + 1;
      TAG.lastIndex = at;
      continue;
    }
    if (skipping) {
      // </head> may be left out: the body ends it.
      if (skipping.name === 'head' && name === 'body' && !closing) skipping = null;
      else {
        if (name === skipping.name && !VOID.has(name) && !selfClosing) skipping.depth += closing ? -1 : 1;
        if (skipping.depth === 0) skipping = null;
        continue;
      }
    }
    if (
      !closing &&
      !VOID.has(name) &&
      !selfClosing &&
      (DROPPED.has(name) || hiddenByAttributes(attributes))
    ) {
      skipping = { name, depth: 1 };
      continue;
    }
    if (/^h[1-6]$/.test(name)) {
      if (!closing) {
        flush();
        heading = '';
      } else if (heading !== null) {
        section = clean(heading).slice(0, 300) || section;
        heading = null;
      }
      continue;
    }
    if (heading !== null) {
      heading += ' ';
      continue;
    }
    if (name === 'td' || name === 'th') line += ' ';
    else if (BLOCK.has(name)) endParagraph();
    else if (name === 'img' && !closing) {
      const alt = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
      if (alt && (alt[1] ?? alt[2]).trim()) line += ` ${decodeEntities(alt[1] ?? alt[2])} `;
    }
  }
  if (!skipping) addText(source.slice(at));
  if (heading !== null) {
    section = clean(heading) || section;
    heading = null;
  }
  flush();
  return { title, parts };
}

function clean(text: string) {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}
