import { openApiDocument } from '../support/openapi';

/** The published document types every field for what it is (the typed client depends on it). */
describe('openapi.json: exact types', () => {
  /** Every schema node with its JSON path. */
  function* nodes(node: unknown, path: string): Generator<[string, any]> {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) yield* nodes(item, `${path}[${i}]`);
    } else if (node && typeof node === 'object') {
      yield [path, node];
      for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') yield* nodes(value, `${path}.${key}`);
    }
  }

  it('types every uuid and date as a string, and no id as an object', () => {
    const wrong = [...nodes(openApiDocument, '$')]
      .filter(([path, node]) => (['uuid', 'date', 'date-time'].includes(node.format) && node.type !== 'string') || (/Id$/.test(path) && node.type === 'object'))
      .map(([path]) => path);
    expect(wrong).toEqual([]);
  });

  it('gives every property of a component schema a type or a reference', () => {
    const untyped: string[] = [];
    for (const [name, schema] of Object.entries<any>(openApiDocument.components.schemas)) {
      for (const [property, value] of Object.entries<any>(schema.properties ?? {})) {
        if (!value.type && !value.$ref && !value.allOf && !value.oneOf && !value.enum) untyped.push(`${name}.${property}`);
        if (value.type === 'object' && !value.properties && !value.additionalProperties && !value.allOf) untyped.push(`${name}.${property} (bare object)`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('documents every path id as a uuid', () => {
    const loose: string[] = [];
    for (const [path, item] of Object.entries<any>(openApiDocument.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const parameter of operation.parameters ?? []) {
          // a path parameter that is not an id (a backup's file name) must carry its own pattern
          if (parameter.in === 'path' && parameter.schema?.format !== 'uuid' && !parameter.schema?.pattern)
            loose.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  it('documents every failure as problem details in JSON, also beside a binary success (a download)', () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries<any>(openApiDocument.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          const content = Object.entries<any>(response.content ?? {});
          if (content.length !== 1 || content[0][0] !== 'application/json' || content[0][1].schema?.$ref !== '#/components/schemas/Problem') {
            wrong.push(`${method.toUpperCase()} ${path} ${status}: ${content.map(([type]) => type).join(', ') || 'no content'}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('cites only documents that ship with the repository', () => {
    // the specification the service was first built from is not in the repository
    expect(JSON.stringify(openApiDocument)).not.toMatch(/\bSPEC\b/);
  });
});
