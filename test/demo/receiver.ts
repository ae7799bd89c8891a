import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it: the raw body is what a signature covers. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** The status (and body) to answer; a promise that never settles holds the answer (a time-out). */
export type Answer = number | { status: number; body: string };

export interface Receiver {
  /** e.g. http://127.0.0.1:PORT/webhook */
  url: string;
  received: ReceivedRequest[];
  /** Decides each answer; change it to make the receiver fail or recover. Default 200 `ok`. */
  answer: (request: ReceivedRequest) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

/** A webhook receiver on loopback that keeps every request (and tells `onRequest`). */
export async function startReceiver(options: { port?: number; onRequest?: (request: ReceivedRequest) => void } = {}): Promise<Receiver> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      receiver.received.push(request);
      options.onRequest?.(request);
      void Promise.resolve(receiver.answer(request)).then((answer) => {
        const { status, body } = typeof answer === 'number' ? { status: answer, body: answer < 300 ? 'ok' : `failed with ${answer}` } : answer;
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/webhook`,
    received: [],
    answer: () => 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return receiver;
}
