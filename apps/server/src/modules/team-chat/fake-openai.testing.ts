// A local OpenAI-compatible server for tests: POST /v1/chat/completions (JSON, or SSE chunks when
// stream is true; a last usage chunk when stream_options.include_usage) and POST /v1/embeddings,
// speaking the real wire format. Every call reports 2 tokens (embeddings 1). It records requests,
// can fail the next N calls with 503 (retry-after-ms: 1) or hold them without answering.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TFakeRequest {
  path: string;
  body: any;
  authorization: string | undefined;
}

export class FakeOpenAi {
  readonly requests: TFakeRequest[] = [];
  failNext = 0;
  hang = false;
  answer = (body: any) => `Resposta do modelo para: ${body.messages.at(-1)?.content ?? ''}`;
  /** The vector /embeddings gives a text (tests may set their own). */
  embedding = (text: string): number[] => [text.length, 1, 0];
  private readonly server = createServer((req, res) => void this.handle(req, res));
  private readonly held: ServerResponse[] = [];
  url = '';

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this.url;
  }

  async stop() {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  chatRequests() {
    return this.requests.filter((r) => r.path === '/v1/chat/completions');
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    this.requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
    if (this.hang) {
      this.held.push(res);
      return;
    }
    if (this.failNext > 0) {
      this.failNext -= 1;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '1' });
      res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
      return;
    }
    const created = Math.floor(Date.now() / 1000);
    if (req.url === '/v1/embeddings') {
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input.map((text, index) => {
            const vector = this.embedding(text);
            const embedding =
              body.encoding_format === 'base64'
                ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
                : vector;
            return { object: 'embedding', index, embedding };
          }),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
      return;
    }
    const text = this.answer(body);
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const third = Math.ceil(text.length / 3);
    const pieces = [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)];
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) res.write(chunk({ content: piece }, null));
    res.write(chunk({}, 'stop'));
    if (body.stream_options?.include_usage)
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        })}\n\n`,
      );
    res.end('data: [DONE]\n\n');
  }
}
