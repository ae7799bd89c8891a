// Types for the undici modules src/api/core/undiciParts.ts and proxyAgent.ts load directly (undici types only its index).
declare module 'undici/lib/dispatcher/agent' {
  import { Agent } from 'undici';
  export = Agent;
}

declare module 'undici/lib/api/api-request' {
  import type { Dispatcher } from 'undici';
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export = request;
}

declare module 'undici/lib/dispatcher/dispatcher' {
  import { Dispatcher } from 'undici';
  export = Dispatcher;
}

declare module 'undici/lib/dispatcher/proxy-agent' {
  import { ProxyAgent } from 'undici';
  export = ProxyAgent;
}

declare module 'undici/lib/dispatcher/pool' {
  import { Pool } from 'undici';
  export = Pool;
}

declare module 'undici/lib/api/api-connect' {
  import type { Dispatcher } from 'undici';
  function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  export = connect;
}
