import type { TLang } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import type { TTenant } from '../../../platform/tenancy';
import { csvLine } from '../../../platform/csv';
import type { ConversationsService } from '../conversations/conversations.service';
import type { TMessageRow } from '../conversations/message-presenter';
import { listAllMessageRows } from '../messaging/messages.repo';
import { assertCanDownload, type TDownload } from './statement.service';
import { Readable } from 'node:stream';

const LABELS: Record<TLang, { title: string; contact: string; system: string; headers: string[] }> = {
  'pt-BR': {
    title: 'Transcrição da conversa',
    contact: 'Contato',
    system: 'Sistema',
    headers: ['Data', 'Autor', 'Mensagem', 'Arquivo'],
  },
  en: {
    title: 'Conversation transcript',
    contact: 'Contact',
    system: 'System',
    headers: ['Date', 'Author', 'Message', 'File'],
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A printable (text, HTML) or spreadsheet (CSV) transcript of one conversation; private notes are left out. */
export class TranscriptService {
  constructor(
    private readonly db: TDb,
    private readonly conversations: ConversationsService,
  ) {}

  async transcript(
    tenant: TTenant,
    id: string,
    format: 'txt' | 'html' | 'csv',
    lang: TLang,
  ): Promise<TDownload> {
    if (format === 'csv') assertCanDownload(tenant);
    const conversation = await this.conversations.visibleRow(tenant, id);
    const l = LABELS[lang];
    const messages = (await listAllMessageRows(this.db, tenant.accountId, id)).filter(
      (m) => !(m.private && m.authorType === 'operator'),
    );
    const tz = tenant.account.timezone;
    const when = (d: Date) =>
      new Intl.DateTimeFormat(lang, { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(d);
    const author = (m: TMessageRow) =>
      m.authorType === 'contact'
        ? conversation.contactName
        : m.authorType === 'system'
          ? l.system
          : (m.authorName ?? '');
    const text = (m: TMessageRow) => m.body ?? '';
    const file = (m: TMessageRow) => m.media?.fileName ?? '';
    const title = `${l.title} — ${conversation.contactName}${conversation.contactPhone ? ` (${conversation.contactPhone})` : ''}`;
    const base = `transcript-${id}`;
    if (format === 'csv') {
      const body = `\uFEFF${csvLine(l.headers)}${messages.map((m) => csvLine([when(m.createdAt), author(m), text(m), file(m)])).join('')}`;
      return {
        fileName: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        stream: Readable.from([body]),
      };
    }
    if (format === 'txt') {
      const lines = messages.map(
        (m) => `[${when(m.createdAt)}] ${author(m)}: ${text(m)}${file(m) ? ` [${file(m)}]` : ''}`,
      );
      return {
        fileName: `${base}.txt`,
        contentType: 'text/plain; charset=utf-8',
        stream: Readable.from([`${title}\n\n${lines.join('\n')}\n`]),
      };
    }
    const rows = messages
      .map(
        (m) =>
          `<tr class="${m.authorType}"><td>${escapeHtml(when(m.createdAt))}</td><td>${escapeHtml(author(m))}</td>` +
          `<td>${escapeHtml(text(m)).replace(/\n/g, '<br>')}${file(m) ? ` <em>[${escapeHtml(file(m))}]</em>` : ''}</td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#212529}table{border-collapse:collapse;width:100%}
td{border-bottom:1px solid #dee2e6;padding:6px 8px;vertical-align:top;font-size:13px}td:first-child{white-space:nowrap;color:#868e96}
tr.system td{color:#868e96;font-style:italic}@media print{body{margin:0}}</style></head>
<body><h1>${escapeHtml(title)}</h1><table>${rows}</table></body></html>`;
    return {
      fileName: `${base}.html`,
      contentType: 'text/html; charset=utf-8',
      stream: Readable.from([html]),
    };
  }
}
