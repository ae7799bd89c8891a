import type { Dispatcher } from 'undici';
import type Agent from 'undici/lib/dispatcher/agent';

// The only parts of undici the extension uses: its Agent and its request API, loaded by the first
// request from their own bundle (undiciClient.ts; ProxyAgent waits in another: see proxyAgent.ts).
export type { Dispatcher };
export type AgentOptions = NonNullable<ConstructorParameters<typeof Agent>[0]>;
/** What a request needs of a dispatcher: NetAgent (network.ts) and undici's own dispatchers alike. */
export type Dispatching = Pick<Dispatcher, 'dispatch' | 'close' | 'destroy'>;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatching };

/** undici's Agent and request API: their bundle, required (once; then Node's module cache) by the first request. */
function undici(): typeof import('./undiciClient') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./undiciClient') as typeof import('./undiciClient');
}

/** undici's connection pools per origin. */
export function createAgent(options: AgentOptions): Dispatcher {
  return new (undici().Agent)(options);
}

/** undici's `request(url, options)`, always on the given dispatcher (never a global one). */
export function request(url: string | URL, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const target = typeof url === 'string' ? new URL(url) : url;
  return undici().dispatchRequest.call(dispatcher as Dispatcher, { ...rest, origin: target.origin, path: `${target.pathname}${target.search}` });
}
