// The real service validates bodies with Ajv and returns the first Ajv error object, serialized
// as JSON, as the single error message. These schemas reproduce that output for our routes.

type PropertyType = 'string' | 'boolean' | 'object' | 'array' | 'number';

export interface ObjectSchema {
  properties: Record<string, { type?: PropertyType; minLength?: number; enum?: readonly string[] }>;
  required?: string[];
}

interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** Returns the 422 message for an invalid body, or undefined when it is valid. */
export function validate(body: unknown, schema: ObjectSchema): string | undefined {
  const error = firstError(body, schema);
  return error && JSON.stringify([error]);
}

function firstError(body: unknown, schema: ObjectSchema): AjvError | undefined {
  if (!isObject(body)) {
    return { instancePath: '', schemaPath: '#/type', keyword: 'type', params: { type: 'object' }, message: 'must be object' };
  }
  for (const name of schema.required ?? []) {
    if (!(name in body)) {
      return {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: name },
        message: `must have required property '${name}'`,
      };
    }
  }
  for (const name of Object.keys(body)) {
    if (!(name in schema.properties)) {
      return {
        instancePath: '',
        schemaPath: '#/additionalProperties',
        keyword: 'additionalProperties',
        params: { additionalProperty: name },
        message: 'must NOT have additional properties',
      };
    }
  }
  for (const [name, rule] of Object.entries(schema.properties)) {
    if (!(name in body)) continue;
    const value = body[name];
    if (rule.type && typeOf(value) !== rule.type) {
      return {
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        keyword: 'type',
        params: { type: rule.type },
        message: `must be ${rule.type}`,
      };
    }
    if (rule.enum && !rule.enum.includes(value as string)) {
      return {
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/enum`,
        keyword: 'enum',
        params: { allowedValues: rule.enum },
        message: 'must be equal to one of the allowed values',
      };
    }
    if (rule.minLength !== undefined && typeof value === 'string' && value.length < rule.minLength) {
      return {
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/minLength`,
        keyword: 'minLength',
        params: { limit: rule.minLength },
        message: `must NOT have fewer than ${rule.minLength} characters`,
      };
    }
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}
