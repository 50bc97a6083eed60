import fastJson from 'fast-json-stringify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { responseSchemas, responseSerializer } from './response-schemas';

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'openapi.json'), 'utf8'));
const schemas = responseSchemas(document);
const serializer = (route: string, status = 200) => responseSerializer(schemas.get(route)![status]);

describe('response serializer schemas from openapi.json', () => {
  it('covers every JSON 2xx of the document that names a type, and each one compiles', () => {
    expect(schemas.size).toBeGreaterThan(50);
    for (const byStatus of schemas.values()) for (const schema of Object.values(byStatus)) expect(typeof responseSerializer(schema)).toBe('function');
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

  it('writes through the projection exactly what the default string builder writes', () => {
    // a note list: nested arrays of DTOs, nullable and date-time fields, an undeclared field at each level
    const item = { id: 'i1', noteId: 'n1', content: 'Milk "2 %"\n', isChecked: false, position: 0, internal: 1 };
    const note = {
      id: 'n1',
      title: 'Shopping \u2014 week 48',
      content: null,
      color: '#10B981',
      icon: 'Star',
      isPrivate: false,
      isPinned: true,
      createdBy: 'u1',
      createdDate: '2026-11-26T00:26:43.366Z',
      updatedDate: new Date(Date.UTC(2026, 10, 26, 1, 2, 3, 4)),
      items: [item, { ...item, id: 'i2', position: 1 }],
      secret: 'x',
    };
    for (const [route, data] of [
      ['GET /api/v1/notes', [note, { ...note, id: 'n2', items: [] }]],
      ['GET /api/v1/users', { items: [{ id: 'u1', username: 'ann', passwordHash: 'never' }], page: 1, pageSize: 20, totalItems: 1, totalPages: 1 }],
    ] as const) {
      const schema = schemas.get(route)![200];
      const projected = responseSerializer(schema)(data);
      expect(projected).toBe(fastJson(schema as any)(data));
      expect(projected).not.toMatch(/internal|secret|passwordHash/);
    }
  });
});
