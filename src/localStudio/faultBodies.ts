import type { ServerResponse } from 'node:http';
import type { Scheduler } from './scheduler';

/** Resolves once the response can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes `unit` repeated to `bytes` bytes (no Content-Length when endless), at the pace the client reads. */
export async function writeLongBody(res: ServerResponse, fault: { status: number; unit: string; bytes: number; contentType: string }): Promise<void> {
  res.on('error', () => undefined);
  res.writeHead(fault.status, { 'Content-Type': fault.contentType, ...(Number.isFinite(fault.bytes) ? { 'Content-Length': String(fault.bytes) } : {}) });
  const block = Buffer.from(fault.unit.repeat(Math.ceil(64 * 1024 / Buffer.byteLength(fault.unit))));
  for (let sent = 0; sent < fault.bytes && !res.destroyed; ) {
    const part = block.subarray(0, Math.min(block.length, fault.bytes - sent));
    sent += part.length;
    if (!res.write(part)) await drained(res);
  }
  if (!res.destroyed) res.end();
}

/** Makes the handler's one `end(body)` go out a byte every `everyMs`, after its headers. */
export function trickleBody(res: ServerResponse, everyMs: number, scheduler: Scheduler): void {
  res.on('error', () => undefined);
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: string | Buffer) => {
    const body = Buffer.from(chunk ?? '');
    void (async () => {
      for (let i = 0; i < body.length; i++) {
        if (!(await scheduler.sleep(everyMs)) || res.destroyed) return;
        res.write(body.subarray(i, i + 1));
      }
      end();
    })();
    return res;
  }) as ServerResponse['end'];
}
