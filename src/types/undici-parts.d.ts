// Types for the two undici modules src/api/undiciParts.ts loads directly (undici types only its index).
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
