import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freezeAnswer, keptAnswerSerializerCompiler } from './kept-answer-serializer';

/** A schema that counts how often an answer went through it. */
function counted() {
  const runs = { count: 0 };
  const schema = z.object({
    name: z.string().refine(() => ++runs.count > 0),
    profile: z.object({ city: z.string().nullable() }),
  });
  const serialize = keptAnswerSerializerCompiler({ schema, method: 'GET', url: '/me', httpStatus: '200' });
  return { runs, serialize };
}

describe('keptAnswerSerializerCompiler', () => {
  it('makes the JSON of a frozen answer once, and strips what the schema does not name', () => {
    const { runs, serialize } = counted();
    const kept = Object.freeze({ name: 'Anna', secret: 'x', profile: Object.freeze({ city: null }) });
    const json = '{"name":"Anna","profile":{"city":null}}';
    expect(serialize(kept)).toBe(json);
    expect(serialize(kept)).toBe(json);
    expect(runs.count).toBe(1);
    // Another frozen answer (the kept one after a change) is its own.
    expect(serialize(Object.freeze({ name: 'Ben', profile: Object.freeze({ city: 'Riga' }) }))).toBe(
      '{"name":"Ben","profile":{"city":"Riga"}}',
    );
    expect(runs.count).toBe(2);
  });

  it('serializes an answer that can change every time', () => {
    const { runs, serialize } = counted();
    const answer = { name: 'Anna', profile: { city: null as string | null } };
    expect(serialize(answer)).toBe('{"name":"Anna","profile":{"city":null}}');
    answer.profile.city = 'Riga';
    expect(serialize(answer)).toBe('{"name":"Anna","profile":{"city":"Riga"}}');
    expect(runs.count).toBe(2);
  });

  it('refuses a frozen answer the schema does not allow, every time', () => {
    const { serialize } = counted();
    const wrong = Object.freeze({ name: 42, profile: Object.freeze({ city: null }) });
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });

  it('freezeAnswer freezes every object and array inside, and answers the same object', () => {
    const answer = { name: 'Anna', profile: { city: 'Riga', tags: [{ tag: 'a' }] } };
    expect(freezeAnswer(answer)).toBe(answer);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.profile)).toBe(true);
    expect(Object.isFrozen(answer.profile.tags)).toBe(true);
    expect(Object.isFrozen(answer.profile.tags[0])).toBe(true);
    expect(() => {
      (answer.profile as { city: string }).city = 'Oslo';
    }).toThrow(TypeError);
  });
});
