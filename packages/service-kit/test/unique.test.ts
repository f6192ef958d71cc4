import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictOnUnique, HttpError, isUniqueViolation, type Database } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await db.query(
    'CREATE TABLE names (id int PRIMARY KEY, name text NOT NULL, CONSTRAINT names_name_key UNIQUE (name))',
  );
  await db.query("INSERT INTO names VALUES (1, 'Deccan Steel')");
});
afterAll(async () => drop?.());

describe('a save that reaches the unique index', () => {
  it('answers 409 with the message the name check gives, on PGlite and PostgreSQL alike', async () => {
    const err = await conflictOnUnique('A vendor with this name already exists', () =>
      db.query("INSERT INTO names VALUES (2, 'Deccan Steel')"),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409, message: 'A vendor with this name already exists' });
  });

  it('tells violations of one constraint from another', async () => {
    const err = await db.query("INSERT INTO names VALUES (1, 'Other')").catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'names_name_key')).toBe(false);
    await expect(
      conflictOnUnique('taken', () => db.query("INSERT INTO names VALUES (1, 'Other')"), 'names_name_key'),
    ).rejects.not.toBeInstanceOf(HttpError);
  });

  it('passes other errors and results through unchanged', async () => {
    await expect(conflictOnUnique('taken', async () => 42)).resolves.toBe(42);
    const err = await conflictOnUnique('taken', () => db.query('SELECT * FROM missing')).catch(
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(HttpError);
  });
});
