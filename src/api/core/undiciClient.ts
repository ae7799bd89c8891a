import Agent from 'undici/lib/dispatcher/agent';
import dispatchRequest from 'undici/lib/api/api-request';

// undici's Agent and request API (~80 KB minified, and Node's http, net and tls modules it loads):
// a bundle of their own (dist/undiciClient.js), required by the first request (undiciParts.ts), so
// loading the extension does not read them. Importing the package index would also bundle fetch,
// WebSocket, mocks, caches and interceptors (about 500 KB minified).
export { Agent, dispatchRequest };
