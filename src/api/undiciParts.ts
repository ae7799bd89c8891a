import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent';
import dispatchRequest from 'undici/lib/api/api-request';

// The only parts of undici the extension uses: its Agent and its request API. Importing the package
// index would also bundle fetch, WebSocket, mocks, caches and interceptors (about 500 KB minified).
export { Agent };
export type { Dispatcher };

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

/** undici's `request(url, options)`, always on the given dispatcher (never a global one). */
export function request(url: string | URL, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const target = typeof url === 'string' ? new URL(url) : url;
  return dispatchRequest.call(dispatcher, { ...rest, origin: target.origin, path: `${target.pathname}${target.search}` });
}
