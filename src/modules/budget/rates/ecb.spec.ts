import { parseEcbRates } from './ecb';

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time="2026-11-27">
      <Cube currency="USD" rate="1.0551"/>
      <Cube currency="CHF" rate="0.9402"/>
      <Cube currency="BOGUS" rate="1"/>
    </Cube>
    <Cube time="2026-11-26">
      <Cube currency="CHF" rate="0.9387"/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('parseEcbRates', () => {
  it('reads every day of a file, skipping what is not a rate', () => {
    expect(parseEcbRates(DAILY)).toEqual([
      { currency: 'USD', date: '2026-11-27', perEuro: '1.0551' },
      { currency: 'CHF', date: '2026-11-27', perEuro: '0.9402' },
      { currency: 'CHF', date: '2026-11-26', perEuro: '0.9387' },
    ]);
  });

  it('refuses what is not such a file', () => {
    expect(() => parseEcbRates('<html><body>Service unavailable</body></html>')).toThrow();
  });
});
