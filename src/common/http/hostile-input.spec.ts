import { PassThrough } from 'node:stream';
import { findHostileString } from './hostile-input';

describe('findHostileString', () => {
  it('names the path of a NUL or a lone surrogate in parsed JSON', () => {
    expect(findHostileString({ items: [{ text: 'ok' }, { text: 'a\u0000b' }] })).toBe('items[1].text');
    expect(findHostileString({ email: 'x\ud800@example.org' })).toBe('email');
    expect(findHostileString({ title: 'fine', tags: ['a', 'b'] })).toBeNull();
  });

  it('does not walk a raw upload stream (its object graph is the socket and the server, with cycles)', () => {
    const stream = new PassThrough();
    (stream as unknown as { self: unknown }).self = stream;
    (stream as unknown as { label: string }).label = 'x\u0000';
    expect(findHostileString(stream)).toBeNull();
    expect(findHostileString(Buffer.from('a\u0000b'))).toBeNull();
  });
});
