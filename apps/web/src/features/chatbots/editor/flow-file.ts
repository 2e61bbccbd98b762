import { type TFlowDocument, ZFlowDocument } from '@atende/shared';

/** The flow as a JSON file to download (the same document the API stores). */
export function exportFlow(doc: TFlowDocument, name: string): void {
  const blob = new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'chatbot'}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type TImportResult =
  | { ok: true; doc: TFlowDocument }
  | { ok: false; reason: 'json' | 'schema'; path?: string };

/** A file's text read as a flow document: not JSON, or not a flow (with the first wrong field's path). */
export function parseFlowFile(text: string): TImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const parsed = ZFlowDocument.safeParse(data);
  if (parsed.success) return { ok: true, doc: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, reason: 'schema', path: first?.path.join(' › ') || undefined };
}
