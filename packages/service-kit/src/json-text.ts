/**
 * Caches of whole answers keep them as JSON text: serializing a page of 100 items or 10 members
 * costs more than everything else a cached request does. The text is made once with the route's
 * own response serializer, and Fastify sends a string as it is.
 */
interface Serializing {
  serialize(payload: unknown): unknown;
}
interface Sending {
  type(contentType: string): { send(payload: never): unknown };
}

/** The JSON text of an answer, as the route would serialize it (its response schema for 200). */
export function toJsonText(reply: Serializing, answer: unknown): string {
  return String(reply.serialize(answer));
}

/** Send JSON text unchanged. */
export function sendJsonText<R extends Sending>(reply: R, text: string): R {
  reply.type('application/json; charset=utf-8').send(text as never);
  return reply;
}
