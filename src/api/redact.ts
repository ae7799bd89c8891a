/**
 * The one redaction of secrets for every text the client produces: error messages, the service's
 * messages inside them, log lines. A server may echo a secret in any shape (raw, inside a JSON
 * string, percent-encoded in an address), and a pre-signed upload address carries its token as a
 * `token=` parameter, so all of those shapes are blanked whatever address the text came from.
 */

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

/** The shapes a secret takes when a server echoes it: raw, JSON-escaped (also with `\/`), percent-encoded. */
function shapesOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, json, json.replace(/\//g, '\\/'), encodeURIComponent(secret)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every `token=` value and every shape of each known secret replaced by `***`. */
export function redact(text: string, secrets: Iterable<string | undefined> = []): string {
  let clean = text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(ENCODED_TOKEN_PARAM, `$1${REDACTED}`)
    .replace(SHARED_SECRET_FIELD, `$1${REDACTED}`);
  const shapes = new Set<string>();
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_CHARS) shapesOf(secret).forEach((shape) => shapes.add(shape));
  }
  // Longest first, so a shorter shape never breaks up a longer one before it is matched.
  for (const shape of [...shapes].sort((a, b) => b.length - a.length)) {
    // Percent-encoding may use lower-case hex digits (%2f): match those case-insensitively.
    clean = shape.includes('%') ? clean.replace(new RegExp(escapeRegExp(shape), 'gi'), REDACTED) : clean.split(shape).join(REDACTED);
  }
  return clean;
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
