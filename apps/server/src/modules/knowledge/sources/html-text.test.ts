import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToParts } from './html-text';

const PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Entregas &amp; Trocas | Loja Aurora</title>
<style>body { color: red } .x > p { display: none }</style>
<script>var s = "<h2>não é título</h2>"; if (a < b && c > d) {}</script>
<head-ignored>
<body>
<header><a href="/">Loja Aurora</a><nav><ul><li><a href="/a">Início</a></li><li><a href="/b">Produtos</a></li></ul></nav></header>
<main>
  <h1>Política de entregas</h1>
  <p>Entregamos em todo o Brasil em at&eacute; <strong>7 dias úteis</strong>.</p>
  <!-- <p>comentário escondido</p> -->
  <div hidden><p>rascunho oculto</p></div>
  <h2 class="t">Frete <em>grátis</em></h2>
  <p>Pedidos acima de R&#36;&nbsp;200 têm frete grátis.<br>Exceto para a região Norte.</p>
  <table><tr><th>Região</th><th>Prazo</th></tr><tr><td>Sul</td><td>3 dias</td></tr></table>
  <img src="x.png" alt="Mapa das regiões">
  <h3>Trocas</h3>
  <ul><li>Até 30 dias</li><li>Na embalagem original</li></ul>
  <form><label>Seu e-mail</label><input name="e"><button>Assinar</button></form>
</main>
<footer>© 2026 Loja Aurora — CNPJ 00.000.000/0001-00</footer>
</body></html>`;

describe('htmlToParts', () => {
  it('keeps the main text in sections by heading and drops scripts, styles, navigation and forms', () => {
    const { title, parts } = htmlToParts(PAGE);
    expect(title).toBe('Entregas & Trocas | Loja Aurora');
    expect(parts).toEqual([
      {
        page: null,
        section: 'Política de entregas',
        text: 'Entregamos em todo o Brasil em até 7 dias úteis.',
      },
      {
        page: null,
        section: 'Frete grátis',
        text: 'Pedidos acima de R$ 200 têm frete grátis.\n\nExceto para a região Norte.\n\nRegião Prazo\n\nSul 3 dias\n\nMapa das regiões',
      },
      { page: null, section: 'Trocas', text: 'Até 30 dias\n\nNa embalagem original' },
    ]);
    const all = JSON.stringify(parts);
    for (const gone of [
      'Início',
      'Produtos',
      'não é título',
      'comentário',
      'rascunho',
      'Assinar',
      'CNPJ',
      'color',
    ])
      expect(all).not.toContain(gone);
  });

  it('reads a page without <main>, with its text before the first heading, and a missing </head>', () => {
    const { title, parts } = htmlToParts(
      '<html><head><title>FAQ</title><body><p>Olá!</p><h2>Horário</h2>Seg a sex, 9h–18h<aside>Veja também</aside>',
    );
    expect(title).toBe('FAQ');
    expect(parts).toEqual([
      { page: null, section: null, text: 'Olá!' },
      { page: null, section: 'Horário', text: 'Seg a sex, 9h–18h' },
    ]);
  });

  it('decodes named, decimal and hexadecimal references', () => {
    expect(decodeEntities('a&ccedil;&atilde;o &Eacute; &#233; &#xE9; &lt;b&gt; &bogus; &#0;')).toBe(
      'ação É é é <b> &bogus; \uFFFD',
    );
  });
});
