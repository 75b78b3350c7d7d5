/**
 * @module test/providers/doubles/api-double
 * A scripted, recording HTTP test double: a node:http server on 127.0.0.1 (random port) that
 * records every request (method, path, headers, parsed body) and answers from a per-path queue
 * of scripted replies, else from a default route. It can hang, delay, drop the socket, or die
 * (stop listening and cut open connections) to simulate a provider failing mid-run.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (null when not JSON). */
  body: any;
  raw: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Wait before answering. */
  delayMs?: number;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** Destroy the socket without an answer. */
  drop?: boolean;
}

export type ReplyFn = (req: RecordedRequest) => Reply;
export type Route = (req: RecordedRequest) => Reply | undefined;

export class ApiDouble {
  readonly requests: RecordedRequest[] = [];
  private readonly queues = new Map<string, Array<Reply | ReplyFn>>();
  private readonly sockets = new Set<Socket>();
  private dead = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(route: Route): Promise<ApiDouble> {
    let self: ApiDouble | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          body = null;
        }
        const rec: RecordedRequest = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0], headers: req.headers, body, raw };
        self!.requests.push(rec);
        const reply = self!.next(rec) ?? route(rec) ?? { status: 404, json: { error: { message: `no route for ${rec.path}` } } };
        const send = () => {
          if (reply.drop) return req.socket.destroy();
          if (reply.hang) return;
          const headers = { ...(reply.json !== undefined ? { 'content-type': 'application/json' } : { 'content-type': 'text/plain' }), ...reply.headers };
          res.writeHead(reply.status ?? 200, headers);
          res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? ''));
        };
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    server.on('connection', (s: Socket) => {
      self?.sockets.add(s);
      s.on('close', () => self?.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    self = new ApiDouble(server, `http://127.0.0.1:${addr.port}`);
    return self;
  }

  /** Queues replies for requests whose path ends with `pathSuffix` (consumed in order). */
  script(pathSuffix: string, ...replies: Array<Reply | ReplyFn>): this {
    const q = this.queues.get(pathSuffix) ?? [];
    q.push(...replies);
    this.queues.set(pathSuffix, q);
    return this;
  }

  /** Requests to paths ending with the suffix. */
  calls(pathSuffix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith(pathSuffix));
  }

  private next(req: RecordedRequest): Reply | undefined {
    for (const [suffix, q] of this.queues) {
      if (req.path.endsWith(suffix) && q.length > 0) {
        const r = q.shift()!;
        return typeof r === 'function' ? r(req) : r;
      }
    }
    return undefined;
  }

  /** The provider dies: stops listening and cuts every open connection (later calls are refused). */
  async die(): Promise<void> {
    if (this.dead) return;
    this.dead = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async close(): Promise<void> {
    await this.die();
  }
}
