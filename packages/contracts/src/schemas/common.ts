import { Type, type Static, type TLiteral, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';

/** Every error body (ARCHITECTURE §6). A list of messages is shown by its first entry. */
export const ErrorResponse = Type.Object({ message: Type.Union([Type.String(), Type.Array(Type.String())]) });
export type ErrorResponse = Static<typeof ErrorResponse>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const Uuid = Type.String({ format: 'uuid', errorMessage: 'must be a valid id' });
export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

/** List paging as the spec's client sends it (limit, offset as query strings). */
export const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
};

/**
 * On a list answer, present (true) only when the count stopped at its cap (LIST_COUNT_CAP, 10,000 by
 * default): the total is then a lower bound, more rows match, and a pager shows it as "10,000+".
 * Absent when the total is exact, so answers below the cap are as the spec shows them.
 */
export const TotalCapped = Type.Optional(
  Type.Boolean({
    description:
      'True when the total is a lower bound: counting stopped at the cap (LIST_COUNT_CAP) and more rows match. Absent when the total is exact.',
  }),
);

export const Actor = Type.Union([Type.Object({ _id: Type.String(), name: Type.String() }), Type.Null()]);
export type Actor = Static<typeof Actor>;

type LiteralsOf<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** One of the strings given, in their order: a union of literals (anyOf), its type their union. */
export function OneOf<const T extends readonly string[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<LiteralsOf<T>> {
  return Type.Union(values.map((v) => Type.Literal(v)) as unknown as LiteralsOf<T>, options) as TUnion<
    LiteralsOf<T>
  >;
}

/** A page of a list: its rows, the total and whether that is a lower bound (TotalCapped). */
export const ListPage = <T extends TSchema>(row: T) =>
  Type.Object({ result: Type.Array(row), totalItems: Type.Integer(), totalCapped: TotalCapped });

/** Text that must say something (not only spaces), at most `maxLength` characters, refused with `errorMessage`. */
export const RequiredText = (maxLength: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', errorMessage });
