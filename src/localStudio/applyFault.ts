import type { IncomingMessage, ServerResponse } from 'node:http';
import { trickleBody, writeLongBody } from './faultBodies';
import type { FaultAction } from './faults';
import { sendJson, sendText } from './http';
import type { Scheduler } from './scheduler';
import type { Observed } from './wire';

/** Applies a fault; returns whether the request should still reach its handler. */
export async function applyFault(fault: FaultAction, req: IncomingMessage, res: ServerResponse, observed: Observed, scheduler: Scheduler): Promise<boolean> {
  switch (fault.kind) {
    case 'cutAfter':
      observed.cutAfter(fault.bytes);
      return true;
    case 'cutBody':
      observed.cutResponse(fault.bytes);
      return true;
    case 'loseReply':
      observed.cutResponse();
      return true;
    case 'endlessLinks': {
      req.resume();
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'emulator'}`);
      const next = Number(/^c(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0) + 1;
      url.searchParams.set('cursor', `c${next}`);
      // publicKey too: a row of any list (a signing key needs one).
      sendJson(res, 200, [{ id: `endless-${next}`, name: `Row ${next}`, publicKey: `endless-key-${next}` }], { Link: `<${url.href}>; rel="next"` });
      return false;
    }
    case 'hold':
      if (!(await scheduler.until(fault.released)) || req.socket.destroyed) return false;
      if (fault.status === undefined) return true;
      req.resume();
      sendJson(res, fault.status, { errors: [`injected fault (${fault.status})`] });
      return false;
    case 'delay':
      // Skip the handler when the emulator closed or the client gave up while we waited.
      return (await scheduler.sleep(fault.ms)) && !req.socket.destroyed;
    case 'holdAnswer': {
      // Node sends the status line and headers with the first body write or end(), so holding
      // end() holds the whole answer.
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        void scheduler.sleep(fault.ms).then(() => !res.destroyed && end(...args));
        return res;
      }) as ServerResponse['end'];
      return true;
    }
    case 'failAfterChange': {
      const body = JSON.stringify({ errors: ['Internal server error'] });
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      let replaced = false;
      res.writeHead = (status: number, ...rest: unknown[]) => {
        if (status >= 300) return writeHead(status, ...rest);
        replaced = true;
        return writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
      };
      res.end = ((...args: unknown[]) => (replaced ? end(body) : end(...args))) as ServerResponse['end'];
      return true;
    }
    case 'echoSecrets':
      echoSecrets(res, fault.secrets());
      return true;
    case 'fail':
      req.resume();
      if (typeof fault.body === 'string') sendText(res, fault.status, fault.body, isJson(fault.body) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', fault.headers);
      else sendJson(res, fault.status, fault.body ?? { errors: [`injected fault (${fault.status})`] }, fault.headers);
      return false;
    case 'longBody':
      req.resume();
      await writeLongBody(res, fault);
      return false;
    case 'trickle':
      trickleBody(res, fault.everyMs, scheduler);
      return true;
    case 'html502':
      req.resume();
      sendText(res, 502, BAD_GATEWAY_PAGE, 'text/html');
      return false;
    case 'retryAfter':
      req.resume();
      sendText(
        res,
        fault.status,
        JSON.stringify({ errors: [fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable'] }),
        'application/json; charset=utf-8',
        { 'Retry-After': String(fault.seconds) },
      );
      return false;
  }
}

/** Rewrites the handler's JSON answer with `secrets` echoed into it (see Faults.echoSecrets). */
function echoSecrets(res: ServerResponse, secrets: string[]): void {
  const echo = secrets.join(' ');
  const walk = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string') return key === 'name' || key === 'errors' ? `${node} ${echo}` : node;
    if (Array.isArray(node)) return node.map((child) => walk(child, key));
    if (node && typeof node === 'object') return { ...Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)])), note: echo };
    return node;
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let head: unknown[] | undefined;
  res.writeHead = (...args: unknown[]) => {
    head = args;
    return res;
  };
  res.end = ((body?: unknown, ...rest: unknown[]) => {
    const [status, headers = {}] = (head ?? [res.statusCode]) as [number, Record<string, string>?];
    let text = typeof body === 'string' || Buffer.isBuffer(body) ? body.toString() : '';
    if (text && /json/.test(String(headers['Content-Type'] ?? ''))) {
      try {
        text = JSON.stringify(walk(JSON.parse(text)));
      } catch {
        // not JSON after all: sent as it was
      }
      return writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(text)) }) && end(text);
    }
    writeHead(...(head ?? [status]));
    return end(body, ...rest);
  }) as ServerResponse['end'];
}

const BAD_GATEWAY_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
