import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent';
import BaseDispatcher from 'undici/lib/dispatcher/dispatcher';
import dispatchRequest from 'undici/lib/api/api-request';

// The only parts of undici the extension loads at once: its Agent, its Dispatcher base class and its
// request API (ProxyAgent waits in its own bundle: see proxyAgent.ts). Importing the package index
// would also bundle fetch, WebSocket, mocks, caches and interceptors (about 500 KB minified).
export { Agent, BaseDispatcher };
export type { Dispatcher };
export type AgentOptions = NonNullable<ConstructorParameters<typeof Agent>[0]>;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

/** undici's `request(url, options)`, always on the given dispatcher (never a global one). */
export function request(url: string | URL, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const target = typeof url === 'string' ? new URL(url) : url;
  return dispatchRequest.call(dispatcher, { ...rest, origin: target.origin, path: `${target.pathname}${target.search}` });
}
