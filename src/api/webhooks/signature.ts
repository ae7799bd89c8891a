import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../core/errors';

// The service signs a webhook request as `Livepeer-Signature: t=<ms>,v1=<hex>`, where v1 is
// HMAC-SHA256(sharedSecret, raw body). `t` is not part of the HMAC: it equals the body's
// `timestamp`, which is, so a verifier that trusts `t` alone can be fooled by a rewritten header.

export const SIGNATURE_HEADER = 'Livepeer-Signature';

export type SignatureProblem = 'missing-header' | 'bad-format' | 'mismatch' | 'too-old' | 'in-future';

export type SignatureCheck = { valid: true } | { valid: false; reason: SignatureProblem; message: string };

export interface VerifyOptions {
  /** How far `t` may lie from `now`, either way. */
  toleranceSeconds: number;
  /** Milliseconds; default Date.now(). */
  now?: number;
  /** When the webhook's secret was last changed (Unix ms), if known: an older delivery was signed with the secret before. */
  secretChangedAt?: number;
}

const HEADER_PART = /^\s*(t|v1)=([^,\s]*)\s*$/;

/** node:crypto, loaded by the first signature made or checked, not when the extension loads (~15 % of loading it in a fresh process). */
function crypto(): typeof import('node:crypto') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:crypto') as typeof import('node:crypto');
}

function hmacHex(rawBody: string | Uint8Array, secret: string): string {
  return crypto().createHmac('sha256', secret).update(rawBody).digest('hex');
}

function requireSecret(secret: string): void {
  if (!secret) throw StudioApiError.config(l10n.t('the webhook has no shared secret: set one to sign and verify its requests'));
}

/** The header value the service sends with `rawBody` at `timestampMs` (the body's own `timestamp`). */
export function signWebhookBody(rawBody: string | Uint8Array, secret: string, timestampMs: number): string {
  requireSecret(secret);
  return `t=${timestampMs},v1=${hmacHex(rawBody, secret)}`;
}

function parseHeader(header: string): { t: number; signatures: Buffer[] } | undefined {
  let t: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const match = HEADER_PART.exec(part);
    if (!match) return undefined;
    const value = match[2] ?? '';
    if (match[1] === 't') {
      if (t !== undefined || !/^\d{1,16}$/.test(value)) return undefined;
      t = Number(value);
    } else {
      if (!/^[0-9a-f]{64}$/i.test(value)) return undefined;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  return t === undefined || !signatures.length ? undefined : { t, signatures };
}

/** The body's JSON object, if it is one. */
function bodyObject(rawBody: string | Uint8Array): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A number field of the body: `timestamp` (the signed copy of `t`), `createdAt` (when the event happened, kept on resends). */
function bodyTime(rawBody: string | Uint8Array, field: 'timestamp' | 'createdAt'): number | undefined {
  const value = bodyObject(rawBody)?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Why the HMAC does not match: a delivery from before the secret changed (resends keep its old secret), else the usual causes. */
function mismatchWords(rawBody: string | Uint8Array, secretChangedAt: number | undefined): string {
  const happened = bodyTime(rawBody, 'createdAt');
  if (secretChangedAt !== undefined && happened !== undefined && happened < secretChangedAt) {
    return l10n.t(
      'the signature does not match the current secret, and the delivery predates the secret change (event {0}, secret changed {1}): the service signs a delivery, and every resend of it, with the secret of its time',
      new Date(happened).toISOString(),
      new Date(secretChangedAt).toISOString(),
    );
  }
  return l10n.t('the signature does not match: wrong shared secret, or the body was changed after signing');
}

function problem(reason: SignatureProblem, message: string): SignatureCheck {
  return { valid: false, reason, message };
}

/**
 * Checks a webhook request as a receiver should: the header's form, the HMAC of the raw body
 * (compared in constant time), that `t` matches the signed body's `timestamp`, and that `t` is
 * within `toleranceSeconds` of now.
 */
export function verifyWebhookSignature(rawBody: string | Uint8Array, header: string | undefined, secret: string, options: VerifyOptions): SignatureCheck {
  requireSecret(secret);
  if (!header?.trim()) return problem('missing-header', `no ${SIGNATURE_HEADER} header: the request is unsigned, or the webhook has no shared secret`);
  const parsed = parseHeader(header);
  if (!parsed) return problem('bad-format', `the ${SIGNATURE_HEADER} header is not of the form t=<milliseconds>,v1=<64 hex digits>`);
  const expected = Buffer.from(hmacHex(rawBody, secret), 'hex');
  // Equal lengths (32 bytes) are guaranteed by the format check, as timingSafeEqual requires.
  const { timingSafeEqual } = crypto();
  if (!parsed.signatures.some((signature) => timingSafeEqual(signature, expected))) {
    return problem('mismatch', mismatchWords(rawBody, options.secretChangedAt));
  }
  const signedTimestamp = bodyTime(rawBody, 'timestamp');
  if (signedTimestamp !== undefined && signedTimestamp !== parsed.t) {
    return problem('mismatch', "the header's t differs from the body's timestamp: the header was changed after signing");
  }
  const ageMs = (options.now ?? Date.now()) - parsed.t;
  const toleranceMs = options.toleranceSeconds * 1000;
  if (ageMs > toleranceMs) return problem('too-old', `signed ${Math.round(ageMs / 1000)} s ago, more than the ${options.toleranceSeconds} s allowed: a replayed or delayed request`);
  if (-ageMs > toleranceMs) return problem('in-future', `signed ${Math.round(-ageMs / 1000)} s in the future, more than the ${options.toleranceSeconds} s allowed: check the clocks`);
  return { valid: true };
}
