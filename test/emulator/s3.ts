import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A minimal S3-compatible object store on loopback: path-style addressing, one bucket, objects and
 * multipart parts as files. It implements exactly the operations @tus/s3-store 1.0.0 calls, as the
 * S3 API reference documents them (status codes, XML shapes, error codes): PutObject, GetObject,
 * DeleteObject, DeleteObjects, CreateMultipartUpload, UploadPart, ListParts,
 * CompleteMultipartUpload, AbortMultipartUpload. Anything else is 501 NotImplemented. Requests are
 * not authenticated (the store signs them; nothing here checks). A body that ends short of its
 * Content-Length stores nothing, as with S3.
 */
export interface LocalS3 {
  /** e.g. http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** The file holding an object's bytes, if the object exists. */
  objectFile(key: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** S3's smallest part other than the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

interface ObjectMeta {
  etag: string;
  size: number;
  lastModified: string;
  contentType?: string;
  metadata: Record<string, string>;
}

interface PartInfo {
  number: number;
  etag: string;
  size: number;
  lastModified: string;
}

interface MultipartUpload {
  key: string;
  contentType?: string;
  metadata: Record<string, string>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
const noSuchUpload = () =>
  new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');

export async function startLocalS3(dataDir: string, host: string, bucket = 'studio-uploads'): Promise<LocalS3> {
  const objectsDir = join(dataDir, 'objects');
  const uploadsDir = join(dataDir, 'multipart');
  await mkdir(objectsDir, { recursive: true });
  await mkdir(uploadsDir, { recursive: true });
  const uploads = new Map<string, MultipartUpload>();
  /** uploadId → part number → what ListParts reports (kept here so listing never re-reads parts). */
  const partsOf = new Map<string, Map<number, PartInfo>>();

  const objectPath = (key: string) => join(objectsDir, encodeURIComponent(key));
  const metaPath = (key: string) => `${objectPath(key)}.meta.json`;
  const partPath = (uploadId: string, part: number) => join(uploadsDir, uploadId, `${part}`);

  async function readMeta(key: string): Promise<ObjectMeta | undefined> {
    try {
      return JSON.parse(await readFile(metaPath(key), 'utf8')) as ObjectMeta;
    } catch {
      return undefined;
    }
  }

  /** Streams the request body to `file`, hashing it; throws (storing nothing) when it ends short. */
  async function receive(req: IncomingMessage, file: string): Promise<{ md5: string; size: number }> {
    const expected = Number(req.headers['content-length'] ?? NaN);
    const hash = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await pipeline(req, counter, createWriteStream(temp));
      if (!req.complete || (Number.isFinite(expected) && size !== expected)) throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await rename(temp, file);
    return { md5: hash.digest('hex'), size };
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  function userMetadata(req: IncomingMessage): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith('x-amz-meta-') && typeof value === 'string') out[name.slice('x-amz-meta-'.length)] = value;
    }
    return out;
  }

  async function putObject(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const { md5, size } = await receive(req, objectPath(key));
    const meta: ObjectMeta = { etag: `"${md5}"`, size, lastModified: new Date().toUTCString(), contentType: req.headers['content-type'], metadata: userMetadata(req) };
    await writeFile(metaPath(key), JSON.stringify(meta));
    res.writeHead(200, { ETag: meta.etag, 'Content-Length': '0' }).end();
  }

  async function getObject(res: ServerResponse, key: string): Promise<void> {
    const meta = await readMeta(key);
    if (!meta) throw noSuchKey();
    const headers: Record<string, string> = {
      'Content-Length': String(meta.size),
      'Content-Type': meta.contentType ?? 'binary/octet-stream',
      ETag: meta.etag,
      'Last-Modified': meta.lastModified,
    };
    for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
    res.writeHead(200, headers);
    await pipeline(createReadStream(objectPath(key)), res);
  }

  async function deleteObject(key: string): Promise<void> {
    await rm(objectPath(key), { force: true });
    await rm(metaPath(key), { force: true });
  }

  function listParts(uploadId: string): PartInfo[] {
    return [...(partsOf.get(uploadId)?.values() ?? [])].sort((a, b) => a.number - b.number);
  }

  function uploadOf(uploadId: string | null, key: string): MultipartUpload {
    const upload = uploadId ? uploads.get(uploadId) : undefined;
    if (!upload || upload.key !== key) throw noSuchUpload();
    return upload;
  }

  async function completeMultipart(req: IncomingMessage, res: ServerResponse, key: string, uploadId: string): Promise<void> {
    const upload = uploadOf(uploadId, key);
    const body = await readBody(req);
    const requested = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1])?.[1]),
      etag: unescapeXml(/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1])?.[1] ?? ''),
    }));
    if (!requested.length) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    const stored = new Map(listParts(uploadId).map((p) => [p.number, p]));
    let previous = 0;
    for (const [i, part] of requested.entries()) {
      if (part.number <= previous) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.');
      previous = part.number;
      const have = stored.get(part.number);
      if (!have || have.etag.replace(/"/g, '') !== part.etag.replace(/"/g, '')) {
        throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part\'s entity tag.');
      }
      if (i < requested.length - 1 && have.size < MIN_PART_BYTES) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    }
    const out = await open(objectPath(key), 'w');
    const md5s: Buffer[] = [];
    let size = 0;
    try {
      for (const part of requested) {
        const have = stored.get(part.number)!;
        await out.write(await readFile(partPath(uploadId, part.number)));
        md5s.push(Buffer.from(have.etag.replace(/"/g, ''), 'hex'));
        size += have.size;
      }
    } finally {
      await out.close();
    }
    const etag = `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${requested.length}"`;
    await writeFile(metaPath(key), JSON.stringify({ etag, size, lastModified: new Date().toUTCString(), contentType: upload.contentType, metadata: upload.metadata } satisfies ObjectMeta));
    uploads.delete(uploadId);
    partsOf.delete(uploadId);
    await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
    sendXml(
      res,
      200,
      `<CompleteMultipartUploadResult><Location>${escapeXml(`${endpoint}/${bucket}/${key}`)}</Location><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const q = url.searchParams;
    const method = req.method ?? 'GET';
    if (bucketName !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');

    if (!key) {
      if (method === 'POST' && q.has('delete')) {
        const body = await readBody(req);
        const keys = [...body.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unescapeXml(m[1]));
        for (const k of keys) await deleteObject(k);
        return sendXml(res, 200, `<DeleteResult>${keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join('')}</DeleteResult>`);
      }
      throw notImplemented();
    }

    const uploadId = q.get('uploadId');
    if (method === 'POST' && q.has('uploads')) {
      const id = randomBytes(16).toString('hex');
      uploads.set(id, { key, contentType: req.headers['content-type'], metadata: userMetadata(req) });
      partsOf.set(id, new Map());
      await mkdir(join(uploadsDir, id), { recursive: true });
      req.resume();
      return sendXml(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (method === 'PUT' && uploadId !== null && q.has('partNumber')) {
      uploadOf(uploadId, key);
      const number = Number(q.get('partNumber'));
      if (!Number.isInteger(number) || number < 1 || number > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      const { md5, size } = await receive(req, partPath(uploadId, number));
      // The upload may have been completed or aborted while this part arrived.
      partsOf.get(uploadId)?.set(number, { number, etag: `"${md5}"`, size, lastModified: new Date().toISOString() });
      res.writeHead(200, { ETag: `"${md5}"`, 'Content-Length': '0' }).end();
      return;
    }
    if (method === 'GET' && uploadId !== null) {
      uploadOf(uploadId, key);
      const marker = Number(q.get('part-number-marker') ?? 0);
      const maxParts = Math.min(1000, Number(q.get('max-parts') ?? 1000));
      const after = listParts(uploadId).filter((p) => p.number > marker);
      const page = after.slice(0, maxParts);
      const truncated = after.length > page.length;
      const parts = page
        .map((p) => `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.lastModified}</LastModified><ETag>${escapeXml(p.etag)}</ETag><Size>${p.size}</Size></Part>`)
        .join('');
      return sendXml(
        res,
        200,
        `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
          `${truncated ? `<NextPartNumberMarker>${page.at(-1)!.number}</NextPartNumberMarker>` : ''}<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
      );
    }
    if (method === 'POST' && uploadId !== null) return completeMultipart(req, res, key, uploadId);
    if (method === 'DELETE' && uploadId !== null) {
      uploadOf(uploadId, key);
      uploads.delete(uploadId);
      partsOf.delete(uploadId);
      await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    if (q.size === 0 || [...q.keys()].every((name) => name.startsWith('x-id'))) {
      if (method === 'PUT') return putObject(req, res, key);
      if (method === 'GET') return getObject(res, key);
      if (method === 'DELETE') {
        await deleteObject(key);
        res.writeHead(204).end();
        return;
      }
    }
    throw notImplemented();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      req.resume();
      if (res.headersSent) return void res.destroy();
      const e = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String((error as Error)?.message ?? error));
      sendXml(res, e.status, `<Error><Code>${e.code}</Code><Message>${escapeXml(e.message)}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`);
    });
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });

  return {
    endpoint,
    bucket,
    async objectFile(key) {
      return (await readMeta(key)) ? objectPath(key) : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function notImplemented(): S3Error {
  return new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function unescapeXml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
