/**
 * Bytes of an answer body read when only an excerpt of it is used (an error answer, an upload
 * server's reply): far more than any service message, and a bound on the memory and the time a
 * proxy's page or a hostile body can cost, however long it is or never ends.
 */
export const MAX_EXCERPT_BODY_BYTES = 64 * 1024;

/**
 * The body as UTF-8 text, at most `maxBytes` of it. The rest is not read: the stream is closed,
 * which closes its connection (cheaper than draining megabytes one would throw away).
 */
export async function readBodyText(body: ReadableBody, maxBytes = MAX_EXCERPT_BODY_BYTES): Promise<string> {
  return Buffer.concat(await readChunks(body, maxBytes)).toString('utf8');
}

/**
 * The whole body as UTF-8 text, or undefined when it has more than `maxBytes` (only one byte more is
 * read): for an answer that is used whole, which no service sends that large.
 */
export async function readWholeBodyText(body: ReadableBody, maxBytes: number): Promise<string | undefined> {
  const chunks = await readChunks(body, maxBytes + 1);
  const bytes = Buffer.concat(chunks);
  return bytes.length > maxBytes ? undefined : bytes.toString('utf8');
}

type ReadableBody = AsyncIterable<Uint8Array> & { destroy(): unknown };

async function readChunks(body: ReadableBody, maxBytes: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = maxBytes - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= maxBytes) {
      body.destroy();
      break;
    }
  }
  return chunks;
}
