import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../src/localStudio';

/** The committed 4 s MP4 (fixtures/README.md). */
export const FIXTURE_MP4 = join(FIXTURES_DIR, 'clip.mp4');

export interface SourceServer {
  /** Any `….mp4` path: the fixture; `….txt`: a text (no video); anything else 404. */
  origin: string;
  /** Paths asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** A loopback web server for imports: the place a developer's video sits before Livepeer fetches it. */
export async function startSourceServer(): Promise<SourceServer> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://source').pathname;
    requested.push(path);
    if (path.endsWith('.mp4')) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(FIXTURE_MP4).pipe(res);
    } else if (path.endsWith('.txt')) res.writeHead(200, { 'content-type': 'text/plain' }).end('not a video at all\n');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
