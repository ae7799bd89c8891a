/**
 * The `filters` query parameter of the service's lists, as its server code reads it: the text is
 * URL-decoded a second time (decodeURIComponent) before JSON.parse, and a name is matched with
 * `ILIKE '%' || value || '%'` (one case-insensitive substring). So a name the person typed is sent so
 * that it matches itself, character for character (see studio-api.md, "Measured"):
 * - `%` and `_` are LIKE wildcards and `\` is LIKE's escape: each gets a `\` in front;
 * - every `%` of the JSON text is sent as `%25`, which the second decoding turns back into `%`
 *   (a bare `%` makes the service answer 400 `error parsing filters: URIError: URI malformed`).
 */
export type ListFilter = { id: string; value: string | boolean };

/** A name search value that the service's LIKE pattern matches literally. */
export function literalNameMatch(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The `filters` parameter for these filters, or undefined for none. */
export function filtersParam(filters: ListFilter[]): string | undefined {
  return filters.length ? JSON.stringify(filters).replace(/%/g, '%25') : undefined;
}
