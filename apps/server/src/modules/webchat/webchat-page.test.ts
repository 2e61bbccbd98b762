import { describe, expect, it } from 'vitest';
import { VISITOR_TEXTS, visitorLang } from './webchat-i18n';
import { brandColors, chatPageHtml, widgetJs } from './webchat-page';

const config = {
  name: 'Chat do site',
  company: 'Loja <Teste>',
  title: 'Loja <Teste>',
  avatarUrl: null as string | null,
  background: '#f4f6f8',
  slug: 'loja',
  color: '#228be6',
  greeting: '',
  preChatForm: true,
  preChatFields: ['email', 'phone'] as Array<'name' | 'email' | 'phone'>,
  allowedOrigins: [],
  availability: { status: 'closed' as const, nextOpen: { day: 'monday', time: '08:00' } },
};

function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('web chat page', () => {
  it('every channel colour gets a text colour readable on it (WCAG AA)', () => {
    for (const color of [
      '#228be6',
      '#0b7a75',
      '#ffd43b',
      '#ffffff',
      '#000000',
      '#e64980',
      '#40c057',
      '#f76707',
    ]) {
      const { bg, fg } = brandColors(color);
      expect(contrast(bg, fg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(brandColors('#0b7a75')).toEqual({ bg: '#0b7a75', fg: '#ffffff' });
  });

  it("picks the visitor's language from the browser, pt-BR by default", () => {
    expect(visitorLang('en-US,en;q=0.9')).toBe('en');
    expect(visitorLang('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(visitorLang('fr-FR,en;q=0.5')).toBe('en');
    expect(visitorLang('de-DE')).toBe('pt-BR');
    expect(visitorLang(undefined)).toBe('pt-BR');
    expect(Object.keys(VISITOR_TEXTS.en).sort()).toEqual(Object.keys(VISITOR_TEXTS['pt-BR']).sort());
  });

  it('renders escaped, labelled and in the chosen language; the first pre-chat field asked is required', () => {
    const en = chatPageHtml(config, 'en');
    expect(en).toContain('<title>Loja &lt;Teste&gt;</title>');
    // Its own tab icon, in the page's colour: the browser asks for no /favicon.ico (a 404).
    const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(en);
    expect(decodeURIComponent(icon![1])).toContain(`fill="${brandColors(config.color).bg}"`);
    expect(en).toContain('<label for="pre-email">E-mail</label>');
    expect(en).toMatch(/id="pre-email"[^>]*required/);
    expect(en).toContain('Phone <span class="opt">(optional)</span>');
    expect(en).not.toContain('id="pre-name"');
    expect(en).toContain('aria-label="Attach a file"');
    const pt = chatPageHtml({ ...config, title: '</script><script>alert(1)</script>' }, 'pt-BR');
    expect(pt).not.toContain('<script>alert(1)');
    expect(pt).toContain('aria-label="Enviar"');
  });

  it("a bot's chat page shows its own title, image and background (escaped)", () => {
    const html = chatPageHtml(
      {
        ...config,
        title: 'Assistente "Loja"',
        avatarUrl: 'https://cdn.example.com/a.png?x=1&y="2"',
        background: '#fff8e1',
      },
      'pt-BR',
    );
    expect(html).toContain('<title>Assistente &quot;Loja&quot;</title>');
    expect(html).toContain('<h1>Assistente &quot;Loja&quot;</h1>');
    expect(html).toContain('<img src="https://cdn.example.com/a.png?x=1&amp;y=&quot;2&quot;" alt=""');
    expect(html).toContain('background: #fff8e1;');
    expect(html).not.toContain('Loja &lt;Teste&gt;');
    // A colour that is not one keeps the default background.
    expect(chatPageHtml({ ...config, background: 'red;}</style>' }, 'en')).toContain('background: #f4f6f8;');
    expect(chatPageHtml(config, 'en')).not.toContain('<img');
  });

  it('the widget loader is small and draws its launcher in SVG', () => {
    const loader = widgetJs(config, 'https://app.example.com');
    expect(loader).toContain('"origin":"https://app.example.com"');
    expect(loader).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(Buffer.byteLength(loader)).toBeLessThan(30 * 1024);
  });
});
