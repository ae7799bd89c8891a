import { request, type Dispatcher, type Dispatching } from '../../api/core/undiciParts';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { readBodyText } from '../../api/core/bodyText';
import { asRequestBody, readRange, type FileIdentity } from '../fileSource';
import { ReadBuffers } from '../readBuffers';

/**
 * A byte range of the file on disk: what our tus file reader hands to tus-js-client as a "slice"
 * and what this HTTP stack streams as a request body. Nothing is read until the request is sent,
 * and then only through a bounded read stream, so a 128 MiB chunk never sits in memory.
 */
export class FileSlice {
  constructor(
    readonly file: FileIdentity,
    readonly start: number,
    readonly end: number,
  ) {}

  get size(): number {
    return this.end - this.start;
  }
}

/**
 * tus-js-client's HTTP stack on undici, one per upload. Its default Node stack (http.request + a
 * Transform for progress + 64 KiB reads) tops out well below curl on loopback; undici with a
 * keep-alive Agent, large disk reads and the same read buffers for every PATCH keeps up. Progress
 * is reported as undici takes bytes for the socket, which it does only as the socket drains, so it
 * tracks bytes actually written.
 */
export class UndiciHttpStack implements HttpStack {
  /** Request body bytes handed to the connection by this stack, retries included. */
  bodyBytes = 0;
  /** The upload's read buffers, handed from each PATCH to the next. */
  private readonly readBuffers = new ReadBuffers();

  /** `onServerOffset`: every Upload-Offset a successful answer carries, i.e. what the server confirmed it holds. */
  constructor(
    private readonly dispatcher: Dispatching,
    private readonly onServerOffset: (offset: number) => void = () => undefined,
  ) {}

  createRequest(method: string, url: string): HttpRequest {
    return new UndiciRequest(
      method,
      url,
      this.dispatcher,
      (n) => {
        this.bodyBytes += n;
      },
      this.onServerOffset,
      this.readBuffers,
    );
  }

  getName(): string {
    return 'UndiciHttpStack';
  }
}

class UndiciRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private onProgress: (bytesSent: number) => void = () => undefined;
  private response: Dispatcher.ResponseData | undefined;

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly dispatcher: Dispatching,
    private readonly countBytes: (n: number) => void,
    private readonly onServerOffset: (offset: number) => void,
    private readonly readBuffers: ReadBuffers,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header.toLowerCase()] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header.toLowerCase()];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.onProgress = handler;
  }

  async send(body: unknown = null): Promise<HttpResponse> {
    const headers = { ...this.headers };
    let payload: Dispatcher.DispatchOptions['body'];
    if (body instanceof FileSlice) {
      headers['content-length'] = String(body.size);
      let sent = 0;
      payload = asRequestBody(
        readRange(
          body.file,
          body.start,
          body.end,
          (n) => {
            sent += n;
            this.countBytes(n);
            this.onProgress(sent);
          },
          this.readBuffers,
        ),
      );
    } else if (body === null || body === undefined) {
      payload = undefined;
    } else if (typeof body === 'string' || body instanceof Uint8Array) {
      payload = body;
    } else {
      // Only FileSlice bodies come from our file reader; anything else would mean buffering.
      throw new TypeError('UndiciHttpStack: unsupported request body');
    }
    this.response = await request(this.url, {
      method: this.method,
      headers,
      body: payload,
      signal: this.controller.signal,
      dispatcher: this.dispatcher,
    });
    // tus answers carry their news in headers; a body is only an error's excerpt.
    const text = await readBodyText(this.response.body);
    const response = new UndiciResponse(this.response, text);
    const offset = Number(response.getHeader('upload-offset') ?? NaN);
    if (this.response.statusCode >= 200 && this.response.statusCode < 300 && Number.isSafeInteger(offset) && offset >= 0) this.onServerOffset(offset);
    return response;
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }

  getUnderlyingObject(): unknown {
    return this.response;
  }
}

class UndiciResponse implements HttpResponse {
  constructor(
    private readonly response: Dispatcher.ResponseData,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.response.statusCode;
  }

  getHeader(header: string): string | undefined {
    const value = this.response.headers[header.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): unknown {
    return this.response;
  }
}
