import { afterAll, beforeAll } from 'vitest';

/**
 * A test file's one harness: `start` makes it before the file's tests and it is closed after them.
 * What this returns stands for it (its properties are the harness's), to be used in tests and
 * hooks only, once it is made.
 */
export function harnessForFile<H extends { close(): Promise<unknown> }>(start: () => Promise<H>): H {
  let current: H | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as H, {
    get(_target, key) {
      if (!current) throw new Error('the harness is used before it was made (in a test or hook only)');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
