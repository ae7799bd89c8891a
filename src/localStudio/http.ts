import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendErrors(res: ServerResponse, status: number, ...messages: string[]): void {
  sendJson(res, status, { errors: messages });
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, status === 204 ? {} : { 'Content-Length': '0' });
  res.end();
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string };

const MAX_JSON_BYTES = 1024 * 1024;

/** Reads a JSON request body; an empty body reads as undefined, as an Express JSON parser treats it. */
export async function readJson(req: IncomingMessage): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Keep draining past the limit: stopping early would destroy the socket before the 413 is sent.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_JSON_BYTES) chunks.push(chunk);
  }
  if (size > MAX_JSON_BYTES) return { ok: false, status: 413, message: 'request entity too large' };
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, status: 400, message: `invalid JSON body: ${(error as Error).message}` };
  }
}
