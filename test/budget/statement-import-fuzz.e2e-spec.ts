import fc from 'fast-check';
import { CONTENT_TYPES, FRAGMENTS, fill, hostileFiles, OPENINGS, StatementKind } from '../../bench/hostile-statements';
import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, Member } from './budget-support';

const MIB = 5 * 1024 * 1024;
const CODES = ['UNSUPPORTED_FORMAT', 'EMPTY_STATEMENT', 'MALFORMED_STATEMENT', 'UNMAPPED_COLUMNS', 'AMBIGUOUS_DATE', 'STATEMENT_TOO_LARGE'];
const GARBAGE = ['\u0000', '\u00e4', '\ufffd', '<', '>', '"', '&', ';', ',', '\n', ' ', 'x'.repeat(1000)];

/**
 * Hostile statements through the real preview route: deep nesting, one endless line, wide headers,
 * many tiny rows and generated mixtures of each format's pieces and garbage, up to the 5 MiB a body
 * may hold. Whatever arrives, the answer is a preview within the caps (20 000 rows, 100 listed
 * errors) or a 400 with its code, never a 500. How long each takes is measured by
 * `npm run bench -- parsers` (docs/import.md), not asserted here.
 */
describe('Budget: statement import of hostile files', () => {
  let t: TestApp;
  let member: Member;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const setup = await budgetSetup(t);
    member = setup.member;
    accountId = setup.main.id;
  });
  afterAll(() => t.close());

  async function answer(kind: StatementKind, body: string | Buffer): Promise<string> {
    const response = await t.api('POST', `/budget-accounts/${accountId}/imports`, {
      token: member.accessToken,
      payload: Buffer.from(body),
      headers: { 'content-type': CONTENT_TYPES[kind] },
    });
    if (response.statusCode === 201) {
      const preview = response.json();
      expect(preview.rows.length + preview.errorCount).toBeLessThanOrEqual(20_000);
      expect(preview.errors.length).toBeLessThanOrEqual(100);
      expect(preview.errors.length).toBe(Math.min(100, preview.errorCount));
      return '201';
    }
    expect([response.statusCode, CODES]).toEqual([400, expect.arrayContaining([response.json().code])]);
    expect(response.json()).toMatchObject({ status: 400, detail: expect.any(String) });
    return response.json().code;
  }

  it.each(hostileFiles(MIB).map((file) => [`${file.kind}: ${file.name}`, file] as const))(
    '%s (5 MiB)',
    async (_name, file) => {
      expect(Buffer.byteLength(file.body)).toBeLessThanOrEqual(MIB);
      const outcome = await answer(file.kind, file.body);
      // the named files are all beyond a bound, except one endless field or line, which is a bad row
      expect(['STATEMENT_TOO_LARGE', 'MALFORMED_STATEMENT', '201']).toContain(outcome);
    },
    60_000,
  );

  it.each(Object.keys(OPENINGS) as StatementKind[])(
    'fuzz: generated %s files up to 5 MiB are previewed within the caps or refused with a code',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...FRAGMENTS[kind], ...GARBAGE), { minLength: 1, maxLength: 10 }),
          // small files, and files at the size limit (fast-check alone favours small numbers)
          fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: MIB - 100_000, max: MIB })),
          fc.boolean(),
          async (pieces, bytes, opened) => {
            // multi-byte garbage may make more bytes than characters: cut at 5 MiB, mid-character if so
            const body = Buffer.from(fill(pieces.join(''), bytes, opened ? OPENINGS[kind] : '')).subarray(0, MIB);
            await answer(kind, body);
          },
        ),
        { numRuns: 12, seed: 35 },
      );
    },
    300_000,
  );
});
