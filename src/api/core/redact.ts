/**
 * The one redaction of secrets for every text the client produces: error messages, the service's
 * messages inside them, log lines. A server may echo a secret in any shape (raw, inside a JSON
 * string, percent-encoded in an address), and a pre-signed upload address carries its token as a
 * `token=` parameter, so all of those shapes are blanked whatever address the text came from.
 */

import { knownSecrets } from './knownSecrets';

const REDACTED = '***';

/** Shorter values would blank out ordinary words; real tokens and stream keys are far longer. */
const MIN_SECRET_CHARS = 8;

// A `token=` value ends where the parameter, the address or the quoted text around it ends.
const TOKEN_PARAM = /(\btoken=)[^&#\s"'<>\\]*/gi;
// The same inside a percent-encoded address (…%3Ftoken%3DeyJ…%26x%3D1).
const ENCODED_TOKEN_PARAM = /((?:\b|(?<=%3F|%26))token%3D)(?:(?!%26|%23)[^&#\s"'<>\\])*/gi;

// A webhook's `sharedSecret` field in JSON the service echoes, also JSON inside a JSON string
// (`\"sharedSecret\":\"…\"`): the value ends at a quote escaped as often as the one that opened it.
const SHARED_SECRET_FIELD = /((\\*)"sharedSecret\2"\s*:\s*\2")[\s\S]*?(?=\2")/g;

/**
 * Secrets recognised by their shape, for those this side never saw (a stream key of a stream not
 * listed yet, a private key the service echoes, a multistream target named in another window):
 * passwords in addresses, stream keys (four groups of four), PEM private keys (also JSON-escaped) and the base64 PEM the
 * service hands out (base64 of `-----BEGIN`).
 */
const SECRET_SHAPES: Array<[RegExp, (match: string) => string]> = [
  // The password of an address's user info (a proxy's `http://user:password@host`), whatever its length.
  [/(\b[a-z][a-z\d+.-]*:\/\/[^\s:@/]*:)[^\s@/]+(?=@)/gi, (match) => `${match.slice(0, match.lastIndexOf(':') + 1)}${REDACTED}`],
  [/\b[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\b/gi, () => REDACTED],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g, () => REDACTED],
  // A public key (the same base64 PEM start) stays: it is what the signing key list shows.
  [/LS0tLS1CRUdJTi[A-Za-z0-9+/=]*/g, (match) => (/PRIVATE KEY/.test(Buffer.from(match.slice(0, 64), 'base64').toString('latin1')) ? REDACTED : match)],
];

/** The shapes a secret takes when a server echoes it: raw, JSON-escaped (also with `\/`), percent-encoded. */
function shapesOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, json, json.replace(/\//g, '\\/'), encodeURIComponent(secret)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A shape and how to find it: percent-encoding may use lower-case hex digits (%2f), so those match case-insensitively. */
type Shape = { text: string; pattern?: RegExp };

/** The shapes of `secrets`, longest first, so a shorter shape never breaks up a longer one before it is matched. */
function shapesOfAll(secrets: Iterable<string | undefined>): Shape[] {
  const shapes = new Set<string>();
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_CHARS) shapesOf(secret).forEach((shape) => shapes.add(shape));
  }
  return [...shapes].sort((a, b) => b.length - a.length).map((text) => (text.includes('%') ? { text, pattern: new RegExp(escapeRegExp(text), 'gi') } : { text }));
}

/** The shapes of every known secret, made again only when one was added (the registry only grows). */
let knownShapes: { count: number; shapes: Shape[] } = { count: 0, shapes: [] };

function shapesOfKnown(): Shape[] {
  const known = knownSecrets();
  if (known.size !== knownShapes.count) knownShapes = { count: known.size, shapes: shapesOfAll(known) };
  return knownShapes.shapes;
}

function blank(text: string, shapes: Shape[]): string {
  let clean = text;
  for (const { text: shape, pattern } of shapes) {
    if (pattern) clean = clean.replace(pattern, REDACTED);
    else if (clean.includes(shape)) clean = clean.split(shape).join(REDACTED);
  }
  return clean;
}

/**
 * `text` with every `token=` value and every shape of each secret replaced by `***`: the secrets
 * given, every secret the extension holds (knownSecrets.ts), whatever call the text is about, and
 * every text shaped like a key. The one blanking of every text from the service: errors, log lines,
 * tool results, and the names and messages rows, pickers and confirmations show.
 */
export function redact(text: string, secrets: Iterable<string | undefined> = []): string {
  const clean = text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(ENCODED_TOKEN_PARAM, `$1${REDACTED}`)
    .replace(SHARED_SECRET_FIELD, `$1${REDACTED}`);
  // The given ones first: one of them may be a longer secret that contains a known one.
  let blanked = blank(blank(clean, shapesOfAll(secrets)), shapesOfKnown());
  for (const [shape, hide] of SECRET_SHAPES) blanked = blanked.replace(shape, hide);
  return blanked;
}

/** `text` with every shape of each secret the extension holds replaced by `***` (for texts that are not messages: documents, tooltips). */
export function withoutKnownSecrets(text: string): string {
  return blank(text, shapesOfKnown());
}

/** The `token` parameter of a pre-signed upload address, if it has one. */
export function urlToken(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).searchParams.get('token') ?? undefined;
  } catch {
    return undefined;
  }
}
