import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializer, responseSerializerCompiler } from './response-serializer';

const item = z.object({ id: z.string(), note: z.string().nullable(), count: z.number().int() });
const wide = item.extend({ zone: z.string() });

function compile(schema: z.ZodType, check: boolean) {
  return responseSerializerCompiler({ check })({ schema, method: 'GET', url: '/things', httpStatus: '200' });
}

describe('the fast response writer', () => {
  it('writes only the declared fields, as the checked writer does', () => {
    const write = fastSerializer(z.array(item))!;
    const answer = [{ id: 'a', note: null, count: 2, password_hash: 'secret' }];
    expect(JSON.parse(write(answer))).toEqual([{ id: 'a', note: null, count: 2 }]);
  });

  it('writes a union of objects with the fields of either shape', () => {
    const write = fastSerializer(z.array(z.union([wide, item])))!;
    const answer = [
      { id: 'a', note: 'x', count: 1, zone: 'North', extra: true },
      { id: 'b', note: null, count: 3 },
    ];
    expect(JSON.parse(write(answer))).toEqual([
      { id: 'a', note: 'x', count: 1, zone: 'North' },
      { id: 'b', note: null, count: 3 },
    ]);
  });

  it('leaves a schema without a JSON Schema form to zod', () => {
    expect(fastSerializer(z.string().transform((value) => value.length))).toBeUndefined();
    expect(fastSerializer(z.union([z.string(), z.number()]))).toBeUndefined();
  });

  it('refuses an answer outside the contract when checking (the API tests), as the checked writer did', () => {
    expect(() => compile(item, true)({ id: null, note: null, count: 1 })).toThrow();
    expect(() => compile(item, true)({ id: 'a', note: null })).toThrow();
    // Without checking, a value of the wrong kind is still refused rather than written.
    expect(() => compile(item, false)({ id: 'a', note: null, count: 'two' })).toThrow();
  });

  it('when checking, agrees with the checked writer on a good answer', () => {
    expect(JSON.parse(compile(wide, true)({ id: 'a', note: null, count: 1, zone: 'z', other: 1 }))).toEqual({
      id: 'a',
      note: null,
      count: 1,
      zone: 'z',
    });
  });
});
