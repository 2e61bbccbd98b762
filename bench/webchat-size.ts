/**
 * webchat-size: what a customer's site pays for the web chat widget. The loader
 * (/widget/<slug>.js, on every page) against its goal of 30 kB gzip; the frame (the chat page,
 * its client and socket.io's browser client) is loaded only when the visitor opens the chat, or
 * for a visitor who talked before. Prints one JSON line per figure (DESIGN.md §7).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEBCHAT_CLIENT_JS } from '../apps/server/src/modules/webchat/webchat-client';
import { chatPageHtml, widgetJs } from '../apps/server/src/modules/webchat/webchat-page';

const config = {
  name: 'Chat do site',
  company: 'Loja Demo',
  title: 'Loja Demo',
  avatarUrl: null,
  background: '#f4f6f8',
  slug: 'loja-demo',
  color: '#228be6',
  greeting: 'Olá! Como podemos ajudar?',
  preChatForm: true,
  preChatFields: ['name', 'email', 'phone'] as Array<'name' | 'email' | 'phone'>,
  allowedOrigins: [],
  availability: { status: 'online' as const, nextOpen: null },
};
const serverRequire = createRequire(join(process.cwd(), 'apps/server/package.json'));
const socketIoClient = readFileSync(
  join(dirname(serverRequire.resolve('socket.io/package.json')), 'client-dist/socket.io.min.js'),
);
const gzipKb = (text: string | Buffer) =>
  Math.round((gzipSync(text, { level: 9 }).length / 1024) * 100) / 100;

const loader = widgetJs(config, 'https://app.example.com');
const frame = {
  page: gzipKb(chatPageHtml(config, 'pt-BR')),
  client: gzipKb(WEBCHAT_CLIENT_JS),
  socketIo: gzipKb(socketIoClient),
};
const print = (metric: string, value: number, extra: Record<string, unknown> = {}) =>
  console.log(
    JSON.stringify({ bench: 'webchat-size', metric, value, unit: 'kB', ...extra, better: 'lower' }),
  );
print('loader_gzip_kb', gzipKb(loader), { goal: 30, raw_kb: Math.round(loader.length / 10.24) / 100 });
print('frame_gzip_kb', Math.round((frame.page + frame.client + frame.socketIo) * 100) / 100, {
  lazy: true,
  ...frame,
});
