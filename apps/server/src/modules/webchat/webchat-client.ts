/**
 * The chat page's client (served as /webchat/client.js): plain browser JavaScript, no framework,
 * the words in the page's data block (webchat-i18n.ts). It keeps the visitor token in
 * localStorage, shows the optional pre-chat form, connects to namespace /webchat with
 * { slug, token }, renders the history and live messages with times and day separators, sends
 * with a client id (a resend after a lost connection is stored once), shows the team typing, its
 * own messages sent/read, the closed notice with "start a new conversation", acknowledges operator
 * messages (delivered) and reports them seen while the chat is in view; a reply out of view rings,
 * counts on the widget's badge and flashes the title. Inside the widget (?embed=1) it talks to the
 * launcher by postMessage.
 */
export const WEBCHAT_CLIENT_JS = `(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('atende-data').textContent);
  var T = D.texts, slug = D.slug, lang = D.lang;
  var embedded = /[?&]embed=1/.test(location.search) && window.parent !== window;
  var inView = !embedded;
  var key = 'atende-webchat:' + slug;
  var token = null;
  try { token = localStorage.getItem(key); } catch (e) { token = null; }
  var $ = function (id) { return document.getElementById(id); };
  var list = $('messages'), composer = $('composer'), input = $('text'), banner = $('banner');
  var typingEl = $('typing'), pre = $('prechat'), closedEl = $('closed'), fileInput = $('file');
  var shown = {}, lastDay = null, socket = null, unread = 0, pageTitle = document.title, flash = null;
  var timeFmt = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
  var dayFmt = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric' });
  var days = T.days.split(',');
  var WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  var CHECK = 'M1.5 6.5 4.5 9.5 10.5 2.5', CHECK2 = 'M6.5 8.5 7.5 9.5 13.5 2.5';

  function fill(s, v) { return s.replace(/\\{(\\w+)\\}/g, function (_, k) { return v[k] == null ? '' : v[k]; }); }
  function uid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function toParent(message) { if (embedded) window.parent.postMessage(message, '*'); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  // The page's image, when it does not load, gives way to the initials beneath it.
  var avatarImg = $('avatar-img');
  if (avatarImg) {
    if (avatarImg.complete && !avatarImg.naturalWidth) avatarImg.remove();
    else avatarImg.addEventListener('error', function () { avatarImg.remove(); });
  }

  function showStatus(a) {
    if (!a) return;
    $('status-dot').className = 'dot ' + a.status;
    var text = T.away;
    if (a.status === 'online') text = T.online;
    else if (a.status === 'closed')
      text = a.nextOpen ? fill(T.closedUntil, { day: days[WEEK.indexOf(a.nextOpen.day)] || a.nextOpen.day, time: a.nextOpen.time }) : T.closedNow;
    $('status').textContent = text;
  }

  function dayLabel(d) {
    var today = new Date(); today.setHours(0, 0, 0, 0);
    var that = new Date(d.getTime()); that.setHours(0, 0, 0, 0);
    var diff = Math.round((today - that) / 86400000);
    return diff === 0 ? T.today : diff === 1 ? T.yesterday : dayFmt.format(d);
  }
  function separator(text) { list.appendChild(el('div', 'day', text)); }

  function tick(status) {
    var ns = 'http://www.w3.org/2000/svg';
    var s = document.createElementNS(ns, 'svg');
    s.setAttribute('viewBox', '0 0 15 12'); s.setAttribute('role', 'img');
    s.setAttribute('aria-label', T[status]);
    s.setAttribute('class', status);
    var paths = status === 'read' || status === 'delivered' ? [CHECK, CHECK2] : status === 'sent' ? [CHECK] : ['M7 2v4l3 2'];
    paths.forEach(function (d) {
      var p = document.createElementNS(ns, 'path');
      p.setAttribute('d', d); p.setAttribute('fill', 'none'); p.setAttribute('stroke', 'currentColor');
      p.setAttribute('stroke-width', '1.6'); p.setAttribute('stroke-linecap', 'round'); p.setAttribute('stroke-linejoin', 'round');
      s.appendChild(p);
    });
    return s;
  }

  /** Draws (or redraws) a message: m.uid or m.id is its key; m.status for the visitor's own. */
  function bubble(m) {
    var k = m.uid || m.id;
    var old = shown[k];
    if (old) { for (var f in m) if (m[f] !== undefined) old.m[f] = m[f]; m = old.m; }
    var at = m.timestamp ? new Date(m.timestamp) : new Date();
    var node = old ? old.node : el('div');
    if (!old) {
      // A newer message closes the choices of the ones before it.
      var open = list.querySelectorAll('.options button');
      for (var b = 0; b < open.length; b++) open[b].disabled = true;
      var day = at.toDateString();
      if (day !== lastDay) { separator(dayLabel(at)); lastDay = day; }
      shown[k] = { m: m, node: node };
      list.appendChild(node);
    }
    var mine = m.author === 'contact';
    node.className = 'msg ' + (mine ? 'mine' : 'theirs') + (m.status === 'failed' ? ' failed' : '');
    node.textContent = '';
    if (!mine && m.authorName) node.appendChild(el('div', 'author', m.authorName));
    if (m.media && m.media.url) {
      var mediaType = (m.media.mimeType || '').split('/')[0];
      if (mediaType === 'image') {
        var img = el('img'); img.src = m.media.url; img.alt = m.media.fileName || '';
        node.appendChild(img);
      } else if (mediaType === 'video' || mediaType === 'audio') {
        var player = el(mediaType); player.src = m.media.url; player.controls = true; player.preload = 'metadata';
        node.appendChild(player);
      } else {
        var a = el('a', 'file', m.media.fileName || m.media.url);
        a.href = m.media.url; a.target = '_blank'; a.rel = 'noopener';
        node.appendChild(a);
      }
    }
    if (m.body && !(m.media && m.body === m.media.fileName)) node.appendChild(el('div', 'body', m.body));
    if (!mine && m.options && m.options.length) node.appendChild(choices(m.options, list.lastChild === node));
    var meta = el('div', 'meta');
    var time = el('time', null, timeFmt.format(at));
    time.setAttribute('datetime', at.toISOString());
    meta.appendChild(time);
    if (mine && m.status !== 'failed') meta.appendChild(tick(m.status || 'sent'));
    node.appendChild(meta);
    if (m.status === 'failed') {
      var again = el('button', 'retry', T.failed + ' ' + T.retry);
      again.type = 'button';
      again.onclick = function () { send(m.body, m.uid); };
      node.appendChild(again);
    }
    list.scrollTop = list.scrollHeight;
  }

  /** A bot's options as buttons; picking one sends its title (the bot reads the title or number). */
  function choices(options, latest) {
    var box = el('div', 'options');
    options.forEach(function (o) {
      var button = el('button', null, o.title);
      button.type = 'button';
      if (o.description) button.title = o.description;
      button.disabled = !latest;
      button.onclick = function () {
        var all = box.querySelectorAll('button');
        for (var i = 0; i < all.length; i++) all[i].disabled = true;
        send(o.title, uid());
      };
      box.appendChild(button);
    });
    return box;
  }

  /** The team read the conversation: the visitor's sent messages show read. */
  function allRead() {
    for (var k in shown) { var s = shown[k]; if (s.m.author === 'contact' && s.m.status === 'sent') { s.m.status = 'read'; bubble(s.m); } }
  }

  function seen() {
    if (!inView || document.visibilityState !== 'visible') return;
    if (unread) { unread = 0; toParent({ atende: 'unread', count: 0 }); }
    if (flash) { clearInterval(flash); flash = null; document.title = pageTitle; }
    if (socket && socket.connected) socket.emit('seen');
  }

  function ring() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      var ctx = ring.ctx || (ring.ctx = new Ctx());
      var o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 880; g.gain.setValueAtTime(0.08, ctx.currentTime);
      g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
      o.connect(g); g.connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.35);
    } catch (e) { /* no sound here */ }
  }
  function notify() {
    unread++;
    toParent({ atende: 'unread', count: unread });
    ring();
    if (!embedded && !flash)
      flash = setInterval(function () {
        document.title = document.title === pageTitle ? '(' + unread + ') ' + T.newReply : pageTitle;
      }, 1200);
  }

  var typingTimer = null;
  function showTyping(t) {
    clearTimeout(typingTimer);
    typingEl.textContent = '';
    if (!t.typing) return;
    var dots = el('span', 'dots'); dots.setAttribute('aria-hidden', 'true');
    dots.appendChild(el('i')); dots.appendChild(el('i')); dots.appendChild(el('i'));
    typingEl.appendChild(dots);
    typingEl.appendChild(el('span', null, t.name ? fill(T.typing, { name: t.name }) : T.typingAnon));
    typingTimer = setTimeout(function () { typingEl.textContent = ''; }, 10000);
  }

  function setClosed(closed) {
    // The notice or the composer takes the log's room: a log read to its end stays at its end
    // (a survey's question after the close would otherwise hide its buttons behind the composer).
    var atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    closedEl.hidden = !closed;
    composer.hidden = closed;
    if (closed) typingEl.textContent = '';
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  function active() { toParent({ atende: 'active' }); }

  function send(text, id) {
    id = id || uid();
    bubble({ uid: id, author: 'contact', body: text, status: 'sending', timestamp: new Date().toISOString() });
    stopTyping();
    if (!socket) return;
    socket.timeout(10000).emit('message', { id: id, text: text }, function (err, res) {
      if (!err && res && res.status === 1) {
        bubble({ uid: id, id: res.data.id, status: 'sent' });
        active();
        return;
      }
      if (res && res.code === 'JWT_INVALID') return restart(function () { send(text, id); });
      bubble({ uid: id, status: 'failed' });
    });
  }

  function connect() {
    if (socket) socket.close();
    socket = io('/webchat', { auth: { slug: slug, token: token }, transports: ['websocket', 'polling'] });
    socket.on('connect', function () { banner.hidden = true; seen(); });
    socket.on('disconnect', function () { banner.textContent = T.offline; banner.hidden = false; });
    socket.on('connect_error', function (err) {
      if (err && err.message === 'invalid token') return restart();
      banner.textContent = T.offline; banner.hidden = false;
    });
    socket.on('history', function (h) {
      showStatus(h.availability);
      var items = h.items || [];
      var lastTeam = -1;
      items.forEach(function (m, i) { if (m.author !== 'contact') lastTeam = i; });
      items.forEach(function (m, i) {
        if (m.author === 'contact') m.status = i < lastTeam ? 'read' : 'sent';
        bubble(m);
      });
      if (items.length) active();
      // A closed chat whose survey question awaits the answer keeps the composer for it.
      setClosed(h.state === 'closed' && !h.awaitingReply);
      seen();
    });
    socket.on('message', function (m, ack) {
      bubble(m);
      if (typeof ack === 'function') ack({ received: true });
      if (m.author === 'contact') return;
      // A question after the close (a satisfaction survey's): the visitor may type the answer.
      if (m.author === 'bot' && !closedEl.hidden) setClosed(false);
      typingEl.textContent = '';
      allRead();
      if (inView && document.visibilityState === 'visible') seen(); else notify();
    });
    socket.on('typing', showTyping);
    socket.on('read', allRead);
    socket.on('closed', function () { setClosed(true); });
  }

  function session(extra) {
    var payload = Object.assign({}, extra || {});
    if (token) payload.token = token;
    return fetch('/webchat/' + encodeURIComponent(slug) + '/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify(payload),
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (res.status !== 1) throw res;
      token = res.data.token;
      try { localStorage.setItem(key, token); } catch (e) { /* private mode */ }
      return res.data;
    });
  }

  /** The token's contact is gone: a fresh visitor (the page forgets the old history). */
  function restart(then) {
    token = null;
    try { localStorage.removeItem(key); } catch (e) { /* private mode */ }
    for (var k in shown) shown[k].node.remove();
    shown = {}; lastDay = null;
    begin().then(function () { if (then) then(); });
  }

  var typingSent = null;
  function stopTyping() {
    if (typingSent && socket) socket.emit('typing', { typing: false });
    clearTimeout(typingSent); typingSent = null;
  }
  function grow() { input.style.height = 'auto'; input.style.height = Math.min(input.scrollHeight + 2, 120) + 'px'; }
  input.addEventListener('input', function () {
    grow();
    if (!socket) return;
    if (!typingSent) socket.emit('typing', { typing: true });
    clearTimeout(typingSent);
    typingSent = setTimeout(stopTyping, 2500);
  });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); composer.requestSubmit ? composer.requestSubmit() : submit(e); }
  });
  function submit(e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    grow();
    send(text);
  }
  composer.addEventListener('submit', submit);
  $('attach').addEventListener('click', function () { fileInput.click(); });
  fileInput.addEventListener('change', function () {
    var file = fileInput.files && fileInput.files[0];
    fileInput.value = '';
    if (!file) return;
    if (file.size > 50 * 1024 * 1024) { banner.textContent = T.fileTooLarge; banner.hidden = false; return; }
    sendFile(file);
  });
  function sendFile(file) {
    var id = uid();
    bubble({ uid: id, author: 'contact', body: T.uploading, status: 'sending', timestamp: new Date().toISOString() });
    fetch('/webchat/' + encodeURIComponent(slug) + '/files?name=' + encodeURIComponent(file.name), {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/octet-stream', 'accept-language': lang },
      body: file,
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (res.status !== 1) throw res;
      socket.timeout(15000).emit('message', { id: id, fileId: res.data.fileId }, function (err, ack) {
        if (err || !ack || ack.status !== 1) return bubble({ uid: id, status: 'failed', body: (ack && ack.message) || T.failed });
        bubble({ uid: id, id: ack.data.id, status: 'sent', body: null, media: ack.data.media });
        active();
      });
    }).catch(function (res) { bubble({ uid: id, status: 'failed', body: (res && res.message) || T.failed }); });
  }
  $('new-conversation').addEventListener('click', function () {
    setClosed(false);
    separator(T.newConversationStarted);
    lastDay = new Date().toDateString();
    input.focus();
  });
  $('minimize').hidden = !embedded;
  $('minimize').addEventListener('click', function () { toParent({ atende: 'close' }); });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && embedded) toParent({ atende: 'close' }); });
  document.addEventListener('visibilitychange', seen);
  window.addEventListener('focus', seen);
  window.addEventListener('message', function (e) {
    if (!embedded || e.source !== window.parent || !e.data || e.data.atende !== 'visibility') return;
    inView = !!e.data.open;
    if (inView) { seen(); if (!composer.hidden) input.focus(); }
  });
  toParent({ atende: 'ready' });
  showStatus(D.availability);

  function fieldErrors(res) {
    ['name', 'email', 'phone'].forEach(function (f) { var e = $('pre-' + f + '-error'); if (e) e.textContent = ''; });
    $('pre-error').textContent = '';
    var fields = (res && res.fields) || [];
    fields.forEach(function (f) {
      var target = $('pre-' + f.path + '-error');
      if (target) { target.textContent = f.message; $('pre-' + f.path).setAttribute('aria-invalid', 'true'); }
    });
    if (!fields.length && res) $('pre-error').textContent = res.message || T.failed;
    var first = fields.length && $('pre-' + fields[0].path);
    if (first) first.focus();
  }

  function value(id) { var e = $('pre-' + id); return e ? e.value.trim() : ''; }
  pre.addEventListener('submit', function (e) {
    e.preventDefault();
    var first = pre.querySelector('input[required]');
    if (first && !first.value.trim()) return fieldErrors({ fields: [{ path: first.name, message: T.required }] });
    var button = $('pre-start');
    button.disabled = true;
    session({ name: value('name') || undefined, email: value('email') || undefined, phone: value('phone') || undefined })
      .then(function () { pre.hidden = true; composer.hidden = false; connect(); input.focus(); })
      .catch(fieldErrors)
      .then(function () { button.disabled = false; });
  });

  function begin() {
    return session().then(function (s) {
      if (D.preChat && !s.visitor.known) {
        pre.hidden = false; composer.hidden = true;
        var first = pre.querySelector('input');
        if (first && inView) first.focus();
        return;
      }
      pre.hidden = true; composer.hidden = false;
      connect();
    }).catch(function (res) {
      banner.hidden = false;
      banner.textContent = (res && res.message) || T.failed;
    });
  }
  begin();
})();
`;
