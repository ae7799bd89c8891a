// VS Code's web workbench seals its secret storage with a key half it asks the server for at
// POST /mint-key. code-server's wrapper answers that route; VS Code's server-main.js, which the demo
// runs, does not, so without this front the secrets (the API token, kept private keys) live in memory
// only and are gone after Reload Window. The front answers /mint-key with a key kept in a file (as
// code-server does) and passes everything else, WebSockets included, to the VS Code server.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';

/** The 32-byte key half kept in `file` (0600), made on first use. */
function keyHalf(file: string): Buffer {
  try {
    const key = readFileSync(file);
    if (key.length === 32) return key;
  } catch {
    /* first run */
  }
  const key = randomBytes(32);
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export interface MintKeyFront {
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: any) in front of the VS Code server at 127.0.0.1:`targetPort`. */
export async function startMintKeyFront(options: { targetPort: number; keyFile: string; port?: number }): Promise<MintKeyFront> {
  const key = keyHalf(options.keyFile);
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && new URL(req.url ?? '/', 'http://front').pathname.endsWith('/mint-key')) {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': key.length });
      res.end(key);
      return;
    }
    const upstream = request({ host: '127.0.0.1', port: options.targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // WebSockets (the workbench's connection to the server): replay the upgrade request, then splice the sockets.
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = connect(options.targetPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      target.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) target.write(head);
      socket.pipe(target).pipe(socket);
    });
    for (const s of [socket, target]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        socket.destroy();
        target.destroy();
      });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
