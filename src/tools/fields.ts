import * as z from 'zod';

/** An id the service gave (a stream's, an asset's…): a non-blank text, trimmed. */
export const idField = (description: string) => z.string().trim().min(1).max(200).describe(description);

/** A name to give a new resource: a non-blank text, trimmed. */
export const nameField = (description: string) => z.string().trim().min(1).max(200).describe(description);

/** Who may play a new stream or asset. */
export const playbackField = () => z.enum(['public', 'jwt']).default('public').describe('public (default): anyone with the playback URL; jwt: viewers need a signed token.');
