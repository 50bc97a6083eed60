import { describe, expect, it } from 'vitest';
import { ProblemError } from '@/api/problem';
import { activate, loadMessages } from '@/i18n';
import { reasonText } from './import-reasons';

describe("a statement line or file that cannot be read, in the person's language", () => {
  it("is worded from the service's reason and the cell it names, never from its English message", async () => {
    activate('de', await loadMessages('de'));
    expect(reasonText('NOT_AN_AMOUNT', { value: 'lots' })).toBe('„lots“ ist kein Betrag');
    expect(reasonText('NOT_A_DATE_IN_FORMAT', { value: 'gestern', format: 'DD.MM.YYYY' })).toBe('„gestern“ ist kein Datum im Format DD.MM.YYYY');
    const problem = new ProblemError(400, {
      code: 'UNMAPPED_COLUMNS',
      detail: 'The mapping names column "x" for date, which the file does not have',
      reason: 'MAPPING_COLUMN_MISSING',
      params: { column: 'x', field: 'date' },
    });
    expect(reasonText(problem.reason, problem.params)).toBe('Die Datei hat keine Spalte „x“');

    activate('en', await loadMessages('en'));
    expect(reasonText('NOT_AN_AMOUNT', { value: 'lots' })).toBe('“lots” is not an amount');
    expect(reasonText('TOO_MANY_COLUMNS', { max: 200 })).toBe('A line of the statement has more than 200 columns');
  });

  it('is null for a reason this app does not know yet', () => {
    expect(reasonText('SOMETHING_NEW' as never, {})).toBeNull();
    expect(reasonText(null)).toBeNull();
  });
});
