import type { JsonSchema } from './definition';

/** A tool input that does not fit its schema: the model is told what to send instead. */
export class ToolInputError extends Error {}

function check(name: string, value: unknown, schema: JsonSchema): void {
  const is = schema.type === 'integer' ? Number.isInteger(value) : schema.type === 'array' ? Array.isArray(value) : typeof value === schema.type;
  if (!is) throw new ToolInputError(`${name} must be ${schema.type === 'integer' ? 'an integer' : `a ${schema.type}`}`);
  if (typeof value === 'string') {
    if (schema.enum && !schema.enum.includes(value)) throw new ToolInputError(`${name} must be one of: ${schema.enum.join(', ')}`);
    if (schema.minLength !== undefined && value.trim().length < schema.minLength) throw new ToolInputError(`${name} must not be empty`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) throw new ToolInputError(`${name} must be at most ${schema.maxLength} characters`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) throw new ToolInputError(`${name} must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) throw new ToolInputError(`${name} must be at most ${schema.maximum}`);
  }
}

/**
 * The input checked against the tool's schema (models send what they like; VS Code and MCP
 * clients do not all check): required fields present, known fields only, types, bounds and enums.
 */
export function checkInput(schema: JsonSchema, raw: unknown): Record<string, unknown> {
  const input = raw ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new ToolInputError('the input must be an object');
  const fields = input as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const unknown = Object.keys(fields).filter((key) => !(key in properties) && fields[key] !== undefined);
  if (unknown.length) throw new ToolInputError(`unknown input ${unknown.slice(0, 5).join(', ')}: this tool takes ${Object.keys(properties).join(', ') || 'no input'}`);
  for (const key of schema.required ?? []) if (fields[key] === undefined || fields[key] === null) throw new ToolInputError(`${key} is required`);
  for (const [key, value] of Object.entries(fields)) {
    const property = properties[key];
    if (property && value !== undefined && value !== null) check(key, value, property);
  }
  return fields;
}
