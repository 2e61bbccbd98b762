import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for Superlógica's financial API (v2): GET /clientes (paged) and
 * GET /cobranca?status=pendentes&idSacado= with the app_token and access_token headers answer JSON lists; wrong tokens answer 401.
 */
export class FakeSuperlogica {
  appToken = 'app-token-ok';
  accessToken = 'access-token-ok';
  readonly customers: Array<Record<string, string>> = [
    { id_sacado_sac: '1', st_nome_sac: 'Condomínio Azul', st_email_sac: 'azul@example.com' },
  ];
  /** Open invoices (cobranças pendentes) by customer. */
  readonly invoices: Array<Record<string, string>> = [];
  readonly requests: Array<{ url: string; headers: Record<string, string> }> = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => this.handle(req, res));
    this.server = server;
    this.url = `${origin}/v2/financeiro`;
    return this.url;
  }

  async stop() {
    await closeServer(this.server);
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    this.requests.push({ url: req.url ?? '', headers });
    if (headers.app_token !== this.appToken || headers.access_token !== this.accessToken) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: '401', msg: 'Token inválido' }));
      return;
    }
    if (req.method === 'GET' && (req.url ?? '').startsWith('/v2/financeiro/clientes')) {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const page = Number(query.get('pagina') ?? 1);
      const perPage = Number(query.get('itensPorPagina') ?? 50);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.customers.slice((page - 1) * perPage, page * perPage)));
      return;
    }
    if (req.method === 'GET' && (req.url ?? '').startsWith('/v2/financeiro/cobranca')) {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const rows = this.invoices.filter(
        (i) => i.id_sacado_sac === query.get('idSacado') && query.get('status') === 'pendentes',
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rows));
      return;
    }
    res.writeHead(404);
    res.end();
  }
}
