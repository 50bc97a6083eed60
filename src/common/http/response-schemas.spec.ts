import fastJson from 'fast-json-stringify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { responseSchemas } from './response-schemas';

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'openapi.json'), 'utf8'));
const schemas = responseSchemas(document);
const serializer = (route: string, status = 200) => fastJson(schemas.get(route)![status] as any);

describe('response serializer schemas from openapi.json', () => {
  it('covers every JSON 2xx of the document that names a type, and each one compiles', () => {
    expect(schemas.size).toBeGreaterThan(50);
    for (const byStatus of schemas.values()) for (const schema of Object.values(byStatus)) expect(typeof fastJson(schema as any)).toBe('function');
    // an example-only schema (health) stays with JSON.stringify; binary downloads are not JSON
    expect(schemas.has('GET /health/live')).toBe(false);
    expect(schemas.has('GET /api/v1/account/export')).toBe(false);
  });

  it('writes a page envelope (allOf) with its meta and items, dropping undeclared fields', () => {
    const page = serializer('GET /api/v1/users');
    const body = JSON.parse(page({ page: 1, pageSize: 20, totalItems: 0, totalPages: 0, items: [], internal: 'x' }));
    expect(body).toMatchObject({ page: 1, pageSize: 20, items: [] });
    expect(body).not.toHaveProperty('internal');
    // in the order the pagination helper builds it, so the bytes are those JSON.stringify wrote
    expect(Object.keys(body)).toEqual(['items', 'page', 'pageSize', 'totalItems', 'totalPages']);
  });

  it('keeps every key of free-form objects and writes nulls as null', () => {
    const write = serializer('GET /api/v1/action-histories');
    const item = JSON.parse(write({ items: [{ changes: { title: { old: null, new: { deep: [1, 'two'] } } }, userId: null }] })).items[0];
    expect(item.changes).toEqual({ title: { old: null, new: { deep: [1, 'two'] } } });
    expect(item.userId).toBeNull();
  });

  it('writes a nullable nested DTO (allOf of one reference) as null or as the object', () => {
    const write = serializer('GET /api/v1/account');
    expect(JSON.parse(write({ group: null })).group).toBeNull();
    expect(JSON.parse(write({ group: { id: 'g' } })).group.id).toBe('g');
  });
});
