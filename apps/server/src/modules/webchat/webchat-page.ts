/** The chat page (server-rendered, small, in the visitor's language) and the embeddable widget script. */

import type { TWebchatConfig } from '@atende/shared';
import { type TVisitorLang, type TVisitorTexts, VISITOR_TEXTS } from './webchat-i18n';

export type TChatPageConfig = TWebchatConfig & { allowedOrigins: string[] };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const safeColor = (color: string, fallback = '#228be6') =>
  /^#[0-9a-fA-F]{6}$/.test(color) ? color : fallback;

/** Content-Security-Policy of the chat page: own scripts only; embeddable by the allowed sites (any when none). */
export function chatPageCsp(config: TChatPageConfig): string {
  const ancestors = config.allowedOrigins.length ? `'self' ${config.allowedOrigins.join(' ')}` : '*';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "connect-src 'self' ws: wss:",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
const darker = (hex: string, by: number) =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * (1 - by))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The channel colour as a background and its text colour, readable (WCAG AA, 4.5:1): white text
 * on the colour, darkened as little as needed; a very light colour keeps near-black text.
 */
export function brandColors(color: string): { bg: string; fg: string } {
  if (onWhite(color) < 2.2) return { bg: color, fg: '#1a1b1e' };
  let bg = color;
  for (let by = 0.04; onWhite(bg) < 4.6 && by < 0.8; by += 0.04) bg = darker(color, by);
  return { bg, fg: '#ffffff' };
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('') || '?';

/** JSON for a <script type="application/json"> block (never closes the tag). */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const SEND_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z"/></svg>';
const ATTACH_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M21 11.5 12.6 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8"/></svg>';
const MINIMIZE_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" d="m6 9 6 6 6-6"/></svg>';

/**
 * The tab's icon: a speech bubble in the page's colour (an inline SVG, so the browser never asks
 * for a /favicon.ico the company's page does not have).
 */
const tabIcon = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${color}" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg>`,
  )}`;

export function chatPageHtml(config: TChatPageConfig, lang: TVisitorLang): string {
  const { bg: color, fg } = brandColors(safeColor(config.color));
  const t = VISITOR_TEXTS[lang];
  const name = escapeHtml(config.title);
  const page = safeColor(config.background, '#f4f6f8');
  // The image replaces the initials; if it does not load, the initials show again (page script).
  const avatar = config.avatarUrl
    ? `<img src="${escapeHtml(config.avatarUrl)}" alt="" referrerpolicy="no-referrer" id="avatar-img">`
    : '';
  const fields = config.preChatFields;
  // The first field asked is required; the others are optional for the visitor.
  const field = (id: 'name' | 'email' | 'phone', type: string, auto: string, max: number) =>
    fields.includes(id)
      ? `<label for="pre-${id}">${escapeHtml(t[id])}${id === fields[0] ? '' : ` <span class="opt">${escapeHtml(t.optional)}</span>`}</label>
  <input id="pre-${id}" name="${id}" type="${type}" autocomplete="${auto}" maxlength="${max}"${id === fields[0] ? ' required aria-required="true"' : ''}>
  <div class="field-error" id="pre-${id}-error" role="alert"></div>`
      : '';
  const data = {
    slug: config.slug,
    lang,
    preChat: config.preChatForm,
    availability: config.availability,
    texts: t,
  };
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<link rel="icon" href="${tabIcon(color)}">
<style>
  * { box-sizing: border-box; }
  html, body { height: 100%; margin: 0; font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif; }
  body, main { display: flex; flex-direction: column; background: ${page}; color: #212529; }
  main { flex: 1; min-height: 0; }
  :focus-visible { outline: 3px solid ${color}; outline-offset: 2px; }
  header { background: ${color}; color: ${fg}; padding: 12px 14px; display: flex; align-items: center; gap: 12px; }
  header :focus-visible { outline-color: ${fg}; }
  .avatar { width: 40px; height: 40px; border-radius: 50%; background: ${fg === '#ffffff' ? '#ffffff' : color}; color: ${fg === '#ffffff' ? color : fg}; box-shadow: inset 0 0 0 2px ${fg}33; display: grid; place-items: center; font-weight: 700; font-size: 15px; flex: none; position: relative; }
  .avatar img { width: 100%; height: 100%; border-radius: 50%; object-fit: cover; position: absolute; inset: 0; background: #fff; }
  .avatar .dot { position: absolute; right: -1px; bottom: -1px; width: 12px; height: 12px; border-radius: 50%; border: 2px solid ${color}; background: #adb5bd; }
  .avatar .dot.online { background: #2f9e44; }
  .avatar .dot.closed { background: #e03131; }
  .who-we-are { flex: 1; min-width: 0; }
  h1 { font-size: 16px; margin: 0; font-weight: 650; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #status { font-size: 12.5px; }
  .icon-btn { background: transparent; border: 0; color: inherit; width: 36px; height: 36px; border-radius: 8px; display: grid; place-items: center; cursor: pointer; flex: none; }
  .icon-btn:hover { background: rgba(127,127,127,.18); }
  #banner { background: #fff3bf; color: #5c3c00; padding: 6px 12px; font-size: 13px; }
  #messages { flex: 1; overflow-y: auto; padding: 14px max(12px, calc((100% - 760px) / 2)) 6px; display: flex; flex-direction: column; gap: 4px; }
  .notice { width: calc(100% - 24px); max-width: 736px; align-self: center; }
  .day { align-self: center; font-size: 12px; color: #495057; background: #e9ecef; border-radius: 10px; padding: 2px 10px; margin: 8px 0 4px; }
  .msg { max-width: 82%; padding: 7px 10px 5px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 2px; }
  .msg img { max-width: 100%; max-height: 240px; border-radius: 8px; display: block; margin-bottom: 4px; }
  .msg video, .msg audio { max-width: 100%; display: block; margin-bottom: 4px; }
  .msg video { max-height: 240px; border-radius: 8px; }
  .theirs { align-self: flex-start; background: #fff; border: 1px solid #dee2e6; border-bottom-left-radius: 4px; }
  .mine { align-self: flex-end; background: ${color}; color: ${fg}; border-bottom-right-radius: 4px; }
  .mine a { color: ${fg}; }
  .failed { background: #fff5f5; color: #862e2e; border: 1px solid #ffc9c9; }
  .author { font-size: 12px; font-weight: 650; margin-bottom: 1px; color: #495057; }
  .meta { display: flex; justify-content: flex-end; align-items: center; gap: 3px; font-size: 11px; margin-top: 2px; color: #495057; white-space: nowrap; }
  .mine .meta { color: ${fg}; }
  .failed .meta { color: #862e2e; }
  .meta svg { width: 16px; height: 12px; }
  .mine .meta .read { color: ${fg === '#ffffff' ? '#a5f3fc' : '#0b5394'}; }
  .options { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; white-space: normal; }
  .options button { border: 1px solid currentColor; background: #fff; color: inherit; border-radius: 16px; padding: 5px 12px; font: inherit; font-size: 13.5px; cursor: pointer; }
  .options button:disabled { opacity: .55; cursor: default; }
  .options button:focus-visible { outline: 2px solid #1c7ed6; outline-offset: 2px; }
  .retry { display: block; margin-top: 4px; background: none; border: 0; color: inherit; text-decoration: underline; cursor: pointer; font: inherit; font-size: 12.5px; padding: 0; text-align: left; }
  .file { display: inline-flex; gap: 6px; align-items: center; }
  #typing { font-size: 12.5px; color: #495057; padding: 2px 16px 6px; display: flex; align-items: center; gap: 6px; min-height: 22px; }
  .dots { display: inline-flex; gap: 3px; }
  .dots i { width: 6px; height: 6px; border-radius: 50%; background: #868e96; animation: blink 1.2s infinite; }
  .dots i:nth-child(2) { animation-delay: .2s; } .dots i:nth-child(3) { animation-delay: .4s; }
  @keyframes blink { 0%, 80%, 100% { opacity: .25; } 40% { opacity: 1; } }
  @media (prefers-reduced-motion: reduce) { .dots i { animation: none; } }
  .notice { margin: 10px auto; background: #fff; border: 1px solid #dee2e6; border-radius: 12px; padding: 12px; text-align: center; }
  .notice p { margin: 0 0 10px; color: #495057; }
  .primary { background: ${color}; color: ${fg}; border: 0; border-radius: 10px; padding: 10px 16px; font: inherit; font-weight: 650; cursor: pointer; }
  .primary:disabled { opacity: .6; cursor: default; }
  form { background: #fff; border-top: 1px solid #dee2e6; }
  #composer { display: flex; align-items: flex-end; gap: 6px; padding: 8px; }
  #composer .icon-btn { color: #495057; }
  #send { color: ${fg === '#ffffff' ? color : '#212529'}; }
  textarea, input { font: inherit; padding: 9px 12px; border: 1px solid #adb5bd; border-radius: 10px; width: 100%; color: #212529; background: #fff; }
  textarea { resize: none; max-height: 120px; min-height: 40px; flex: 1; }
  textarea:focus, input:focus { border-color: ${color}; box-shadow: 0 0 0 2px ${color}40; outline: none; }
  #prechat { padding: 14px; display: flex; flex-direction: column; gap: 4px; border-top: 0; background: transparent; }
  #prechat .intro { margin: 0 0 6px; font-weight: 600; }
  #prechat label { font-size: 13px; font-weight: 600; margin-top: 6px; }
  #prechat .opt { font-weight: 400; color: #495057; }
  #prechat .primary { margin-top: 12px; }
  .field-error { color: #c92a2a; font-size: 12.5px; min-height: 0; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  header, #typing, #composer, #prechat { padding-inline: max(12px, calc((100% - 760px) / 2)); }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<script type="application/json" id="atende-data">${inlineJson(data)}</script>
<header>
  <div class="avatar" aria-hidden="true">${escapeHtml(initials(config.title))}${avatar}<span class="dot" id="status-dot"></span></div>
  <div class="who-we-are"><h1>${name}</h1><div id="status"></div></div>
  <button type="button" class="icon-btn" id="minimize" aria-label="${escapeHtml(t.minimize)}" hidden>${MINIMIZE_ICON}</button>
</header>
<main>
<div id="banner" role="status" hidden></div>
<div id="messages" role="log" aria-live="polite" aria-label="${escapeHtml(t.chatLog)}">${
    config.greeting ? `<div class="msg theirs greeting">${escapeHtml(config.greeting)}</div>` : ''
  }</div>
<div id="typing" aria-live="polite"></div>
<div id="closed" class="notice" hidden><p>${escapeHtml(t.closedNotice)}</p><button type="button" class="primary" id="new-conversation">${escapeHtml(t.newConversation)}</button></div>
<form id="prechat" hidden novalidate>
  <p class="intro">${escapeHtml(t.prechatTitle)}</p>
  ${field('name', 'text', 'name', 200)}
  ${field('email', 'email', 'email', 254)}
  ${field('phone', 'tel', 'tel', 40)}
  <div class="field-error" id="pre-error" role="alert"></div>
  <button id="pre-start" class="primary" type="submit">${escapeHtml(t.start)}</button>
</form>
<form id="composer" hidden>
  <input type="file" id="file" class="sr-only" tabindex="-1" aria-hidden="true">
  <button type="button" class="icon-btn" id="attach" aria-label="${escapeHtml(t.attach)}">${ATTACH_ICON}</button>
  <textarea id="text" rows="1" maxlength="4096" aria-label="${escapeHtml(t.messageLabel)}" placeholder="${escapeHtml(t.placeholder)}"></textarea>
  <button id="send" class="icon-btn" type="submit" aria-label="${escapeHtml(t.send)}">${SEND_ICON}</button>
</form>
</main>
<script src="/webchat/socket.io.min.js" defer></script>
<script src="/webchat/client.js" defer></script>
</body>
</html>`;
}

/**
 * The widget for any site: `<script src="https://host/widget/<slug>.js" async></script>` adds an
 * SVG launcher (with an unread badge) that opens the chat page in an iframe. The frame is loaded
 * only when the visitor opens it, or at once on the pages of a visitor who has talked before (so
 * replies can show on the badge); frame and launcher talk by postMessage (origin checked).
 */
export function widgetJs(config: TChatPageConfig, appUrl: string): string {
  const { bg: color, fg } = brandColors(safeColor(config.color));
  const settings = {
    url: `${appUrl}/chat/${encodeURIComponent(config.slug)}?embed=1`,
    origin: new URL(appUrl).origin,
    slug: config.slug,
    name: config.title,
    color,
    fg,
    texts: {
      'pt-BR': pick(VISITOR_TEXTS['pt-BR']),
      en: pick(VISITOR_TEXTS.en),
    },
  };
  return `(function () {
  'use strict';
  if (window.__atendeWidget) return;
  window.__atendeWidget = true;
  var C = ${inlineJson(settings)};
  var langs = (navigator.languages || [navigator.language || '']).join(',').toLowerCase();
  var en = /(^|,)en/.test(langs) && !(langs.indexOf('pt') >= 0 && langs.indexOf('pt') < langs.indexOf('en'));
  var T = en ? C.texts.en : C.texts['pt-BR'];
  var KEY = 'atende-webchat-active:' + C.slug;
  var Z = 2147483646;
  var doc = document, frame = null, isOpen = false, unread = 0, pageTitle = doc.title, flash = null;
  var small = window.matchMedia ? window.matchMedia('(max-width: 480px)') : { matches: false };
  var NS = 'http://www.w3.org/2000/svg';
  function svg(d, fill) {
    var s = doc.createElementNS(NS, 'svg');
    s.setAttribute('viewBox', '0 0 24 24'); s.setAttribute('width', '28'); s.setAttribute('height', '28');
    s.setAttribute('aria-hidden', 'true'); s.setAttribute('focusable', 'false');
    var p = doc.createElementNS(NS, 'path');
    p.setAttribute('d', d);
    if (fill) p.setAttribute('fill', 'currentColor');
    else { p.setAttribute('fill', 'none'); p.setAttribute('stroke', 'currentColor'); p.setAttribute('stroke-width', '2.4'); p.setAttribute('stroke-linecap', 'round'); }
    s.appendChild(p);
    return s;
  }
  var chatIcon = svg('M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21.5l4-2.1c1.1.3 2.3.5 3.5.5 5.5 0 10-3.9 10-8.7S17.5 3 12 3zm-4.5 10a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4.5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4.5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z', true);
  var closeIcon = svg('M6 6l12 12M18 6L6 18', false);
  closeIcon.style.display = 'none';
  var button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', T.openChat);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('data-atende', 'launcher');
  button.style.cssText = 'position:fixed;bottom:20px;right:20px;width:60px;height:60px;border-radius:50%;border:0;padding:0;background:' + C.color + ';color:' + C.fg + ';cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);z-index:' + (Z + 1) + ';display:flex;align-items:center;justify-content:center;outline-offset:3px';
  var badge = doc.createElement('span');
  badge.style.cssText = 'position:absolute;top:-4px;right:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#e03131;color:#fff;font:700 12px/22px system-ui,sans-serif;text-align:center;box-shadow:0 0 0 2px #fff;display:none';
  button.appendChild(chatIcon); button.appendChild(closeIcon); button.appendChild(badge);

  function post(message) { if (frame && frame.contentWindow) frame.contentWindow.postMessage(message, C.origin); }
  function place() {
    if (!frame) return;
    frame.style.cssText = small.matches
      ? 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:' + (Z + 2) + ';background:#fff'
      : 'position:fixed;bottom:92px;right:20px;width:380px;max-width:calc(100vw - 40px);height:600px;max-height:calc(100vh - 112px);border:0;border-radius:14px;box-shadow:0 10px 40px rgba(0,0,0,.22);z-index:' + Z + ';background:#fff';
    frame.style.display = isOpen ? 'block' : 'none';
  }
  function ensureFrame() {
    if (frame) return;
    frame = doc.createElement('iframe');
    frame.src = C.url;
    frame.title = C.name;
    frame.setAttribute('allow', 'clipboard-write');
    place();
    doc.body.appendChild(frame);
  }
  function showBadge() {
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.style.display = unread > 0 ? 'block' : 'none';
    button.setAttribute('aria-label', unread > 0 ? T.openChat + ' (' + (unread === 1 ? T.unreadOne : T.unread.replace('{count}', unread)) + ')' : isOpen ? T.closeChat : T.openChat);
    if (unread > 0 && doc.hidden && !flash) {
      flash = setInterval(function () {
        doc.title = doc.title === pageTitle ? '(' + unread + ') ' + T.newReply : pageTitle;
      }, 1200);
    }
    if ((unread === 0 || !doc.hidden) && flash) { clearInterval(flash); flash = null; doc.title = pageTitle; }
  }
  function setOpen(open, fromFrame) {
    isOpen = open;
    ensureFrame();
    place();
    chatIcon.style.display = open ? 'none' : '';
    closeIcon.style.display = open ? '' : 'none';
    button.setAttribute('aria-expanded', String(open));
    button.style.display = open && small.matches ? 'none' : 'flex';
    if (open) unread = 0;
    showBadge();
    post({ atende: 'visibility', open: open });
    if (open) frame.focus();
    else if (fromFrame) button.focus();
  }
  button.onclick = function () { setOpen(!isOpen); };
  window.addEventListener('message', function (e) {
    if (e.origin !== C.origin || !frame || e.source !== frame.contentWindow) return;
    var d = e.data || {};
    if (d.atende === 'ready') post({ atende: 'visibility', open: isOpen });
    else if (d.atende === 'unread') { unread = isOpen ? 0 : Number(d.count) || 0; showBadge(); }
    else if (d.atende === 'active') { try { localStorage.setItem(KEY, '1'); } catch (err) { /* storage off */ } }
    else if (d.atende === 'close') setOpen(false, true);
  });
  doc.addEventListener('visibilitychange', showBadge);
  if (small.addEventListener) small.addEventListener('change', function () { place(); setOpen(isOpen); });
  function mount() {
    doc.body.appendChild(button);
    var known = false;
    try { known = !!localStorage.getItem(KEY); } catch (err) { known = false; }
    if (known) ensureFrame();
  }
  if (doc.body) mount(); else doc.addEventListener('DOMContentLoaded', mount);
})();
`;
}

/** The words the launcher needs. */
function pick(t: TVisitorTexts) {
  return {
    openChat: t.openChat,
    closeChat: t.closeChat,
    unread: t.unread,
    unreadOne: t.unreadOne,
    newReply: t.newReply,
  };
}
