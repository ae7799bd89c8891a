import type { Origin } from './wire';

export interface FaultMatch {
  origin: Origin;
  /** Any method when omitted. */
  method?: string;
  /** Tested against the URL pathname (no query). */
  path: RegExp | string;
  /** How many matching requests the rule affects before it is used up; default 1. */
  times?: number;
}

export type FaultAction =
  | { kind: 'fail'; status: number; body?: string | object; headers?: Record<string, string> }
  | { kind: 'html502' }
  | { kind: 'cutAfter'; bytes: number }
  | { kind: 'cutBody'; bytes: number }
  | { kind: 'loseReply' }
  | { kind: 'endlessLinks' }
  | { kind: 'delay'; ms: number }
  | { kind: 'holdAnswer'; ms: number }
  | { kind: 'failAfterChange' }
  | { kind: 'retryAfter'; status: 429 | 503; seconds: number }
  | { kind: 'longBody'; status: number; unit: string; bytes: number; contentType: string }
  | { kind: 'trickle'; everyMs: number }
  | { kind: 'hold'; released: Promise<void>; status?: number }
  | { kind: 'echoSecrets'; secrets: () => string[] };

interface Rule {
  origin: Origin;
  method?: string;
  path: RegExp;
  remaining: number;
  action: FaultAction;
}

/** Scripted misbehaviour, checked in order; the first live rule that matches a request wins. */
export class Faults {
  private rules: Rule[] = [];

  /** Answers `status` with `body` (and `headers`, e.g. a redirect's Location) instead of the handler. */
  fail(match: FaultMatch & { status: number; body?: string | object; headers?: Record<string, string> }): void {
    this.add(match, { kind: 'fail', status: match.status, body: match.body, headers: match.headers });
  }

  html502(match: FaultMatch): void {
    this.add(match, { kind: 'html502' });
  }

  cutAfter(match: FaultMatch & { bytes: number }): void {
    this.add(match, { kind: 'cutAfter', bytes: match.bytes });
  }

  /** The handler answers, but the connection closes after the headers and `bytes` of the body. */
  cutBody(match: FaultMatch & { bytes: number }): void {
    this.add(match, { kind: 'cutBody', bytes: match.bytes });
  }

  /** The handler does its work (a DELETE deletes), but its answer is lost: the connection closes. */
  loseReply(match: FaultMatch): void {
    this.add(match, { kind: 'loseReply' });
  }

  /** A list that never ends: every page has one row and a `Link` to a cursor not seen before. */
  endlessLinks(match: FaultMatch): void {
    this.add(match, { kind: 'endlessLinks' });
  }

  delay(match: FaultMatch & { ms: number }): void {
    this.add(match, { kind: 'delay', ms: match.ms });
  }

  /** Handles the request in full, then holds its answer back for `ms` (a reply lost or slow on the way back). */
  holdAnswer(match: FaultMatch & { ms: number }): void {
    this.add(match, { kind: 'holdAnswer', ms: match.ms });
  }

  /**
   * The handler does its work (the stream is deleted, suspended or cut), but a success is answered
   * 500 `Internal server error`: the service changes its database first, then calls its media
   * server, and answers 500 when that call fails.
   */
  failAfterChange(match: FaultMatch): void {
    this.add(match, { kind: 'failAfterChange' });
  }

  retryAfter(match: FaultMatch & { status: 429 | 503; seconds: number }): void {
    this.add(match, { kind: 'retryAfter', status: match.status, seconds: match.seconds });
  }

  /**
   * Answers `status` with `unit` repeated to `bytes` bytes (Infinity: until the client goes away),
   * written as the client reads it: a proxy's huge or hostile page, e.g. megabytes of unclosed `<`.
   */
  longBody(match: FaultMatch & { status: number; unit: string; bytes: number; contentType?: string }): void {
    this.add(match, { kind: 'longBody', status: match.status, unit: match.unit, bytes: match.bytes, contentType: match.contentType ?? 'text/html' });
  }

  /** The handler answers, but its body goes out one byte every `everyMs` (a stalled CDN that never quite stops). */
  trickle(match: FaultMatch & { everyMs: number }): void {
    this.add(match, { kind: 'trickle', everyMs: match.everyMs });
  }

  /**
   * Holds the request, once arrived (and logged), until `release()` (or the emulator closes): then
   * answers `status` when given, else handles it. For a test to act while a request is in flight.
   */
  hold(match: FaultMatch & { status?: number }): { release(): void } {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.add(match, { kind: 'hold', released, status: match.status });
    return { release };
  }

  /**
   * A hostile service: every JSON answer (and error) the handler gives carries `secrets()` (raw, in
   * each object's `note`, and appended to every `name` and error message), as a service that echoes
   * tokens, stream keys, webhook secrets and private keys into whatever it answers.
   */
  echoSecrets(match: FaultMatch & { secrets: () => string[] }): void {
    this.add(match, { kind: 'echoSecrets', secrets: match.secrets });
  }

  clear(): void {
    this.rules = [];
  }

  /** Finds the rule for this request and uses up one of its turns. */
  take(origin: Origin, method: string, pathname: string): FaultAction | undefined {
    const rule = this.rules.find(
      (r) =>
        r.origin === origin &&
        (r.method === undefined || r.method.toUpperCase() === method.toUpperCase()) &&
        r.path.test(pathname),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule.action;
  }

  private add(match: FaultMatch, action: FaultAction): void {
    this.rules.push({
      origin: match.origin,
      method: match.method,
      // A global/sticky regex would carry lastIndex between tests and match every other time.
      path: typeof match.path === 'string' ? new RegExp(match.path) : new RegExp(match.path.source, match.path.flags.replace(/[gy]/g, '')),
      remaining: match.times ?? 1,
      action,
    });
  }
}
