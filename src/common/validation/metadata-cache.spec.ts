import { IsInt, IsString, Max, validate } from 'class-validator';
import { cacheValidationMetadata } from './metadata-cache';

class Base {
  @IsString() name: unknown;
}
class Page extends Base {
  @IsInt() @Max(100) size: unknown;
}

describe('cached class-validator metadata', () => {
  beforeAll(() => cacheValidationMetadata());

  const failing = async (value: object, type: new () => object) => (await validate(Object.assign(new type(), value))).map((error) => error.property).sort();

  it('gives the same answers on repeated validation, inherited rules included', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await failing({ name: 1, size: 1000 }, Page)).toEqual(['name', 'size']);
      expect(await failing({ name: 'a', size: 5 }, Page)).toEqual([]);
    }
  });

  it('sees a rule added after a class was first validated', async () => {
    class Late {
      value: unknown;
    }
    expect(await failing({ value: 'x' }, Late)).toEqual([]);
    IsInt()(Late.prototype, 'value');
    expect(await failing({ value: 'x' }, Late)).toEqual(['value']);
  });
});
