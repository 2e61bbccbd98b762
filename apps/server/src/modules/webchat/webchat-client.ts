/**
 * The chat page's client (served as /webchat/client.js): plain browser JavaScript, no framework.
 * It keeps the visitor token in localStorage, shows the optional pre-chat form, connects to
 * namespace /webchat with { slug, token }, renders the history and live messages, sends with a
 * client id (a resend after a lost connection is stored once), acknowledges operator messages
 * (delivered) and reports them seen while the page is visible.
 */
export const WEBCHAT_CLIENT_JS = `(function () {
  'use strict';
  var body = document.body;
  var slug = body.getAttribute('data-slug');
  var preChat = body.getAttribute('data-prechat') === '1';
  var en = (navigator.language || '').toLowerCase().indexOf('en') === 0;
  var T = en
    ? { placeholder: 'Type your message', send: 'Send', name: 'Name', email: 'E-mail', start: 'Start chat',
        offline: 'Connection lost. Reconnecting…', typing: 'typing…', failed: 'Oops! An error occurred and your message could not be sent.',
        retry: 'Retry', you: 'You' }
    : { placeholder: 'Digite sua mensagem', send: 'Enviar', name: 'Nome', email: 'E-mail', start: 'Iniciar conversa',
        offline: 'Conexão perdida. Reconectando…', typing: 'digitando…', failed: 'Opa! Ocorreu um erro e sua mensagem não pôde ser enviada.',
        retry: 'Tentar novamente', you: 'Você' };
  document.documentElement.lang = en ? 'en' : 'pt-BR';
  var key = 'atende-webchat:' + slug;
  var token = null;
  try { token = localStorage.getItem(key); } catch (e) { token = null; }
  var $ = function (id) { return document.getElementById(id); };
  var list = $('messages'), form = $('composer'), input = $('text'), banner = $('banner'), typingEl = $('typing');
  var pre = $('prechat');
  input.placeholder = T.placeholder;
  $('send').textContent = T.send;
  banner.textContent = T.offline;
  var shown = {};
  var socket = null;

  function uid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function bubble(m) {
    var key = m.uid || m.id;
    var el = shown[key];
    if (!el) {
      el = document.createElement('div');
      shown[key] = el;
      list.appendChild(el);
    }
    el.className = 'msg ' + (m.author === 'contact' ? 'mine' : 'theirs') + (m.failed ? ' failed' : '');
    el.textContent = '';
    if (m.author !== 'contact' && m.authorName) {
      var who = document.createElement('div');
      who.className = 'who';
      who.textContent = m.authorName;
      el.appendChild(who);
    }
    if (m.media && m.media.url) {
      var link = document.createElement(m.media.mimeType.indexOf('image/') === 0 ? 'img' : 'a');
      if (link.tagName === 'IMG') { link.src = m.media.url; link.alt = m.media.fileName || ''; }
      else { link.href = m.media.url; link.textContent = m.media.fileName || m.media.url; link.target = '_blank'; link.rel = 'noopener'; }
      el.appendChild(link);
    }
    if (m.body) {
      var text = document.createElement('div');
      text.textContent = m.body;
      el.appendChild(text);
    }
    if (m.failed) {
      var again = document.createElement('button');
      again.type = 'button';
      again.className = 'retry';
      again.textContent = T.failed + ' ' + T.retry;
      again.onclick = function () { send(m.body, m.uid); };
      el.appendChild(again);
    }
    list.scrollTop = list.scrollHeight;
  }

  function seen() {
    if (socket && socket.connected && document.visibilityState === 'visible') socket.emit('seen');
  }

  function send(text, id) {
    id = id || uid();
    bubble({ uid: id, author: 'contact', body: text });
    if (!socket) return;
    socket.timeout(10000).emit('message', { id: id, text: text }, function (err, res) {
      if (err || !res || res.status !== 1) bubble({ uid: id, author: 'contact', body: text, failed: true });
    });
  }

  function connect() {
    socket = io('/webchat', { auth: { slug: slug, token: token }, transports: ['websocket', 'polling'] });
    socket.on('connect', function () { banner.hidden = true; seen(); });
    socket.on('disconnect', function () { banner.hidden = false; });
    socket.on('connect_error', function () { banner.hidden = false; });
    socket.on('history', function (h) { (h.items || []).forEach(bubble); seen(); });
    socket.on('message', function (m, ack) {
      bubble(m);
      if (typeof ack === 'function') ack({ received: true });
      typingEl.hidden = true;
      seen();
    });
    socket.on('typing', function (t) {
      typingEl.textContent = (t.name ? t.name + ' ' : '') + T.typing;
      typingEl.hidden = !t.typing;
    });
  }

  function session(extra) {
    var payload = Object.assign({}, extra || {});
    if (token) payload.token = token;
    return fetch('/webchat/' + encodeURIComponent(slug) + '/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (res.status !== 1) throw new Error(res.message);
      token = res.data.token;
      try { localStorage.setItem(key, token); } catch (e) { /* private mode */ }
      return res.data;
    });
  }

  var typingTimer = null;
  input.addEventListener('input', function () {
    if (!socket) return;
    if (!typingTimer) socket.emit('typing', { typing: true });
    clearTimeout(typingTimer);
    typingTimer = setTimeout(function () { socket.emit('typing', { typing: false }); typingTimer = null; }, 2000);
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    send(text);
  });
  document.addEventListener('visibilitychange', seen);

  function start(extra) {
    return session(extra).then(function () {
      pre.hidden = true;
      form.hidden = false;
      connect();
    }).catch(function (err) {
      banner.hidden = false;
      banner.textContent = err.message || T.failed;
    });
  }

  if (preChat && !token) {
    pre.hidden = false;
    form.hidden = true;
    $('pre-name').placeholder = T.name;
    $('pre-email').placeholder = T.email;
    $('pre-start').textContent = T.start;
    pre.addEventListener('submit', function (e) {
      e.preventDefault();
      var name = $('pre-name').value.trim();
      var email = $('pre-email').value.trim();
      start({ name: name || undefined, email: email || undefined });
    });
  } else {
    start();
  }
})();
`;
