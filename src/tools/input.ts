import type { z } from 'zod';

/** A tool input that does not fit its declaration: the model is told what to send instead. */
export class ToolInputError extends Error {}

/** zod's names of the types a field may expect, as a sentence says them (others: `a string`, `a number`, `a boolean`). */
const A_TYPE: Record<string, string> = { int: 'an integer', object: 'an object', array: 'an array' };

/** One problem of an input in words: the field, then what it takes. */
function inWords(issue: z.core.$ZodIssue, fields: readonly string[]): string {
  const field = issue.path.join('.') || 'the input';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown input ${issue.keys.slice(0, 5).join(', ')}: this tool takes ${fields.join(', ') || 'no input'}`;
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be ${A_TYPE[issue.expected] ?? `a ${issue.expected}`}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.join(', ')}`;
    case 'too_big':
      return `${field} must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} must not be empty` : `${field} must be at least ${issue.minimum}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

/**
 * The input checked against the tool's declaration (models send what they like; VS Code does not
 * check, and not every MCP client does): known fields only, required ones present, types, bounds
 * and choices. A field sent as null counts as left out (models often send null for "not given").
 */
export function checkedInput<S extends z.ZodObject>(schema: S, raw: unknown): z.output<S> {
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null)) : (raw ?? {});
  const checked = schema.safeParse(given, { reportInput: true });
  if (checked.success) return checked.data;
  const fields = Object.keys(schema.shape);
  throw new ToolInputError(checked.error.issues.slice(0, 3).map((issue) => inWords(issue, fields)).join('; '));
}
