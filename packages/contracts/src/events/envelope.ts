import { Type, type Static, type TSchema } from 'typebox';

/** What travels on the bus: subject erp.<service>.<event>.v<N>, id used as Nats-Msg-Id. */
export const EventEnvelope = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  occurredAt: Type.String(),
  source: Type.String(),
  requestId: Type.Optional(Type.String()),
  actorId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  data: Type.Unknown(),
});
export type EventEnvelope<T = unknown> = Omit<Static<typeof EventEnvelope>, 'data'> & { data: T };

export interface EventDefinition<S extends TSchema = TSchema> {
  subject: string;
  schema: S;
}

export function defineEvent<S extends TSchema>(subject: string, schema: S): EventDefinition<S> {
  if (!/^erp\.[a-z]+\.[a-z_]+\.v[0-9]+$/.test(subject)) throw new Error(`Bad event subject ${subject}`);
  return { subject, schema };
}
