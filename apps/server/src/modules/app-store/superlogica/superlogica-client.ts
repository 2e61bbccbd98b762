import { OutboundUrlError, type TOutboundFetch } from '../../../platform/outbound-url';
import type { TConnectionResult } from '../catalogue/app-manifest';

export const SUPERLOGICA_DEFAULT_BASE = 'https://api.superlogica.net/v2/financeiro';

export interface TSuperlogicaCredentials {
  apiBase: string;
  appToken: string;
  accessToken: string;
}

/**
 * Superlógica's financial API: every call carries the `app_token` and `access_token` headers.
 * The connection test lists one customer (GET /clientes?itensPorPagina=1). Every call goes
 * through the outbound address guard (the API base is the admin's to set): a base that resolves
 * to a private or local address is never called.
 */
export async function testSuperlogica(
  credentials: TSuperlogicaCredentials,
  fetchImpl: TOutboundFetch,
): Promise<TConnectionResult> {
  const url = `${credentials.apiBase.replace(/\/$/, '')}/clientes?pagina=1&itensPorPagina=1`;
  const log = [`GET ${url}`];
  const started = Date.now();
  try {
    const response = await fetchImpl(url, {
      headers: {
        app_token: credentials.appToken,
        access_token: credentials.accessToken,
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await response.text()).slice(0, 300);
    log.push(`HTTP ${response.status} in ${Date.now() - started} ms`, text);
    if (response.ok) return { ok: true, message: 'connected', log };
    if (response.status === 401 || response.status === 403)
      return { ok: false, message: 'credentials refused', log };
    return { ok: false, message: `HTTP ${response.status}`, log };
  } catch (error) {
    log.push(String((error as Error).message));
    if (error instanceof OutboundUrlError) return { ok: false, message: 'address refused', log };
    return { ok: false, message: 'unreachable', log };
  }
}

/** A customer (sacado) as Superlógica's /clientes lists it. */
export interface TSuperlogicaCustomer {
  id_sacado_sac: string | number;
  st_nome_sac?: string;
  st_email_sac?: string;
  st_telefone_sac?: string;
}

/** One page of customers (GET /clientes?pagina=&itensPorPagina=); throws on an HTTP error. */
export async function listSuperlogicaCustomers(
  credentials: TSuperlogicaCredentials,
  page: number,
  perPage: number,
  fetchImpl: TOutboundFetch,
): Promise<TSuperlogicaCustomer[]> {
  const url = `${credentials.apiBase.replace(/\/$/, '')}/clientes?pagina=${page}&itensPorPagina=${perPage}`;
  const response = await fetchImpl(url, {
    headers: {
      app_token: credentials.appToken,
      access_token: credentials.accessToken,
      accept: 'application/json',
    },
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const body = (await response.json()) as unknown;
  return Array.isArray(body) ? (body as TSuperlogicaCustomer[]) : [];
}

/** An open invoice (cobrança pendente) as the contact panel shows it. */
export interface TSuperlogicaInvoice {
  id: string;
  dueDate: string;
  amount: number;
  link: string | null;
}

/** A customer's open invoices: GET /cobranca?status=pendentes&idSacado=<id>. */
export async function openSuperlogicaInvoices(
  credentials: TSuperlogicaCredentials,
  customerId: string,
  fetchImpl: TOutboundFetch,
): Promise<TSuperlogicaInvoice[]> {
  const base = credentials.apiBase.replace(/\/$/, '');
  const url = `${base}/cobranca?status=pendentes&idSacado=${encodeURIComponent(customerId)}`;
  const response = await fetchImpl(url, {
    headers: {
      app_token: credentials.appToken,
      access_token: credentials.accessToken,
      accept: 'application/json',
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const body = (await response.json()) as unknown;
  if (!Array.isArray(body)) return [];
  return body.map((row: Record<string, unknown>) => ({
    id: String(row.id_recebimento_recb ?? ''),
    dueDate: String(row.dt_vencimento_recb ?? ''),
    amount: Number(row.vl_total_recb ?? 0),
    link: typeof row.link_2via === 'string' ? row.link_2via : null,
  }));
}
