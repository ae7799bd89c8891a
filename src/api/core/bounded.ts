/**
 * The one bound on texts the client shows or logs. A service or proxy may answer with megabytes
 * (a 5 MB `errors` text, a 100,000-character id echoed in a path), and a message that size is
 * neither readable nor cheap to show, so every part is cut to a length a person reads.
 */
export const TEXT_LIMITS = {
  /** What failed and what to do, before the `(METHOD path → status)` part. */
  summary: 600,
  /** One of the service's own messages. */
  serviceMessage: 300,
  /** How many of the service's messages are kept. */
  serviceMessages: 10,
  /** A request path or address shown in a message or a log line. */
  path: 160,
  /** One log line. */
  logLine: 1_000,
} as const;

const ELLIPSIS = '…';

/**
 * `text` when it has at most `max` characters; otherwise its start and its end around `…`, `max`
 * characters in all. The end is kept because that is where a message says what to do (and a path
 * names the action); a surrogate pair is never split.
 */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, max));
  const tailLength = Math.floor((max - ELLIPSIS.length) / 3);
  let headEnd = max - ELLIPSIS.length - tailLength;
  let tailStart = text.length - tailLength;
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)}${ELLIPSIS}${text.slice(tailStart)}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
