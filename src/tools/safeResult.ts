import { bounded, messageOf, redact } from '../api';
import { HIDDEN, isSecretField } from '../api/core/secretFields';

/** A text of a result at most this long (a delivery's body, a service message). */
const MAX_TEXT = 2_000;
/** A whole result at most this long: a page of rows fits, a flood does not. */
export const MAX_RESULT_CHARS = 24_000;

function cleanValue(value: unknown, secrets: readonly string[], depth: number, parent?: string): unknown {
  if (typeof value === 'string') return bounded(redact(value, secrets), MAX_TEXT);
  if (depth > 12) return '(nested too deep)';
  if (Array.isArray(value)) return value.map((child) => cleanValue(child, secrets, depth + 1, parent));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [redact(key, secrets), isSecretField(key, parent) && child != null ? HIDDEN : cleanValue(child, secrets, depth + 1, key)]),
    );
  }
  return value;
}

/**
 * The last pass over every result before it reaches a model: secret fields hidden, every secret
 * this side knows and every secret shape blanked in every text (keys too), long texts cut, and the
 * whole bounded, whatever the service answered.
 */
export function safeResultText(value: unknown, secrets: readonly string[]): string {
  const text = JSON.stringify(cleanValue(value, secrets, 0), null, 1);
  if (text.length <= MAX_RESULT_CHARS) return text;
  return `${text.slice(0, MAX_RESULT_CHARS)}\n… (cut at ${MAX_RESULT_CHARS} characters: ask for fewer rows with a smaller limit)`;
}

/** An error as a model gets it: what failed and what to do, without secrets, bounded. */
export function safeErrorText(error: unknown, secrets: readonly string[]): string {
  return bounded(redact(messageOf(error), secrets), 1_000);
}
