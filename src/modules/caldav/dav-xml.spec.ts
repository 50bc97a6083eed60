import { DavBadRequest, multistatus, readPropfind, readProppatch, readReport } from './dav-xml';

describe('WebDAV bodies', () => {
  it('reads the properties a PROPFIND asks for, whatever prefixes the client chose', () => {
    const body = `<?xml version="1.0"?><A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav" xmlns:C="http://calendarserver.org/ns/">
      <A:prop><A:resourcetype/><C:getctag/><B:calendar-home-set/><A:sync-token/></A:prop></A:propfind>`;
    expect(readPropfind(body)).toEqual({ kind: 'propfind', props: ['d:resourcetype', 'cs:getctag', 'c:calendar-home-set', 'd:sync-token'] });
    expect(readPropfind('')).toEqual({ kind: 'propfind', props: 'all' });
  });

  it('reads calendar-query time ranges, multiget hrefs and sync tokens', () => {
    expect(
      readReport(
        `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20260301T000000Z" end="20260401T000000Z"/>` +
          `</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      ),
    ).toEqual({ kind: 'calendar-query', props: ['d:getetag'], timeRange: { start: '2026-03-01T00:00:00Z', end: '2026-04-01T00:00:00Z' } });
    expect(
      readReport(
        `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop>` +
          `<d:href>/dav/a.ics</d:href><d:href>/dav/b&amp;c.ics</d:href></c:calendar-multiget>`,
      ),
    ).toEqual({ kind: 'calendar-multiget', props: ['c:calendar-data'], hrefs: ['/dav/a.ics', '/dav/b&c.ics'] });
    expect(
      readReport(`<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`),
    ).toEqual({
      kind: 'sync-collection',
      props: ['d:getetag'],
      syncToken: '',
      limit: null,
    });
    expect(
      readProppatch(
        `<d:propertyupdate xmlns:d="DAV:" ` +
          `xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop><i:calendar-color>#FF0000</i:calendar-color></d:prop></d:set></d:propertyupdate>`,
      ),
    ).toEqual(['ic:calendar-color']);
  });

  it('refuses a document type and malformed XML before parsing', () => {
    expect(() => readPropfind('<!DOCTYPE x [<!ENTITY a "b">]><d:propfind xmlns:d="DAV:"/>')).toThrow(DavBadRequest);
    expect(() => readReport('<d:sync-collection xmlns:d="DAV:">')).toThrow(DavBadRequest);
  });

  it('writes multistatus with found, missing and deleted members, text escaped', () => {
    const xml = multistatus(
      [
        { href: '/dav/a&b.ics', props: { 'd:getetag': '"1"', 'c:calendar-data': 'SUMMARY:A < B & C' }, notFound: ['d:displayname'] },
        { href: '/dav/gone.ics', status: 404 },
      ],
      'http://hearth.invalid/ns/sync/7',
    );
    expect(xml).toContain('<d:href>/dav/a&amp;b.ics</d:href>');
    expect(xml).toContain('<c:calendar-data>SUMMARY:A &lt; B &amp; C</c:calendar-data>');
    expect(xml).toContain('<d:prop><d:displayname/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>');
    expect(xml).toContain('<d:response><d:href>/dav/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>');
    expect(xml).toContain('<d:sync-token>http://hearth.invalid/ns/sync/7</d:sync-token>');
  });
});
