import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The serializer of a route that answers with an object kept in memory and given again as it is
 * (GET /api/user/me from the profile cache): the JSON made for a frozen object is kept with the
 * object, so the zod check and the stringify run once per kept answer instead of once per request.
 * Only a frozen object qualifies, and its keeper freezes it all the way down (`freezeAnswer`): it
 * cannot change after its JSON was made. Anything else goes through the app's serializer as on
 * every route.
 */
export function keptAnswerSerializerCompiler<Schema>(route: FastifyRouteSchemaDef<Schema>) {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const made = new WeakMap<object, string>();
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = made.get(data);
    if (json === undefined) made.set(data, (json = serialize(data)));
    return json;
  };
}

/** Freezes an answer and every object and array in it, so a kept answer's JSON stays its JSON. */
export function freezeAnswer<T>(answer: T): T {
  if (typeof answer === 'object' && answer !== null && !Object.isFrozen(answer)) {
    for (const value of Object.values(answer)) freezeAnswer(value);
    Object.freeze(answer);
  }
  return answer;
}
