/** The chat page (server-rendered, small) and the embeddable widget script. */

export interface TChatPageConfig {
  name: string;
  slug: string;
  color: string;
  greeting: string;
  preChatForm: boolean;
  allowedOrigins: string[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const safeColor = (color: string) => (/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#228be6');

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

export function chatPageHtml(config: TChatPageConfig): string {
  const color = safeColor(config.color);
  const name = escapeHtml(config.name);
  const greeting = config.greeting
    ? `<div class="msg theirs greeting">${escapeHtml(config.greeting)}</div>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>
  * { box-sizing: border-box; }
  html, body { height: 100%; margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { display: flex; flex-direction: column; background: #f1f3f5; color: #212529; }
  header { background: ${color}; color: #fff; padding: 14px 16px; font-weight: 600; font-size: 16px; }
  #banner { background: #fff3bf; color: #5c3c00; padding: 6px 12px; font-size: 13px; }
  #messages { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .msg { max-width: 80%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; word-wrap: break-word; font-size: 14px; }
  .msg img { max-width: 100%; border-radius: 8px; display: block; }
  .theirs { align-self: flex-start; background: #fff; border: 1px solid #dee2e6; }
  .mine { align-self: flex-end; background: ${color}; color: #fff; }
  .mine a { color: #fff; }
  .failed { opacity: .7; }
  .who { font-size: 12px; font-weight: 600; margin-bottom: 2px; color: #495057; }
  .retry { display: block; margin-top: 4px; background: none; border: 0; color: inherit; text-decoration: underline; cursor: pointer; font-size: 12px; padding: 0; }
  #typing { font-size: 12px; color: #868e96; padding: 0 14px 4px; }
  form { display: flex; gap: 8px; padding: 10px; background: #fff; border-top: 1px solid #dee2e6; }
  #prechat { flex-direction: column; }
  input { flex: 1; padding: 10px 12px; border: 1px solid #ced4da; border-radius: 8px; font-size: 14px; }
  button[type=submit] { background: ${color}; color: #fff; border: 0; border-radius: 8px; padding: 10px 16px; font-weight: 600; cursor: pointer; }
  [hidden] { display: none !important; }
</style>
</head>
<body data-slug="${escapeHtml(config.slug)}" data-prechat="${config.preChatForm ? '1' : '0'}">
<header>${name}</header>
<div id="banner" role="status" hidden></div>
<main id="messages" aria-live="polite">${greeting}</main>
<div id="typing" hidden></div>
<form id="prechat" hidden>
  <input id="pre-name" autocomplete="name" maxlength="200">
  <input id="pre-email" type="email" autocomplete="email" maxlength="254">
  <button id="pre-start" type="submit"></button>
</form>
<form id="composer">
  <input id="text" autocomplete="off" maxlength="4096" aria-label="message">
  <button id="send" type="submit"></button>
</form>
<script src="/webchat/socket.io.min.js"></script>
<script src="/webchat/client.js"></script>
</body>
</html>`;
}

/**
 * The widget for any site: `<script src="https://host/widget/<slug>.js" async></script>` adds a
 * round button that opens the chat page in an iframe.
 */
export function widgetJs(config: TChatPageConfig, appUrl: string): string {
  const chatUrl = `${appUrl}/chat/${encodeURIComponent(config.slug)}`;
  return `(function () {
  if (window.__atendeWidget) return;
  window.__atendeWidget = true;
  var color = ${JSON.stringify(safeColor(config.color))};
  var frame = document.createElement('iframe');
  frame.src = ${JSON.stringify(chatUrl)};
  frame.title = ${JSON.stringify(config.name)};
  frame.style.cssText = 'position:fixed;bottom:88px;right:20px;width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 120px);border:0;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.2);z-index:2147483646;display:none;background:#fff';
  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', ${JSON.stringify(config.name)});
  button.style.cssText = 'position:fixed;bottom:20px;right:20px;width:56px;height:56px;border-radius:50%;border:0;background:' + color + ';color:#fff;font-size:26px;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483647';
  button.textContent = '\\u{1F4AC}';
  button.onclick = function () { frame.style.display = frame.style.display === 'none' ? 'block' : 'none'; };
  function mount() { document.body.appendChild(frame); document.body.appendChild(button); }
  if (document.body) mount(); else document.addEventListener('DOMContentLoaded', mount);
})();
`;
}
