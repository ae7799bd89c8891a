import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Pre-signed upload URLs carry an HS256 JWT bound to one asset, like the real ingest host's
// tokens. The secret lives only in this emulator instance, so tokens from another run fail.
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const LIFETIME_MS = 24 * 60 * 60 * 1000;

export type TokenCheck = { ok: true; assetId: string } | { ok: false; reason: string };

export class UploadTokens {
  private readonly secret = randomBytes(32);

  sign(assetId: string): string {
    const payload = base64url(JSON.stringify({ sub: assetId, exp: Date.now() + LIFETIME_MS }));
    return `${HEADER}.${payload}.${this.signature(`${HEADER}.${payload}`)}`;
  }

  verify(token: string | null): TokenCheck {
    if (!token) return { ok: false, reason: 'missing token' };
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
    const [header, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.signature(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'invalid signature' };
    }
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed token' };
    }
    const { sub, exp } = (claims ?? {}) as { sub?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || typeof exp !== 'number') return { ok: false, reason: 'malformed token' };
    if (exp < Date.now()) return { ok: false, reason: 'token expired' };
    return { ok: true, assetId: sub };
  }

  private signature(input: string): string {
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
