import type { AnswersCache } from './answer-cache.js';
import type { Queryable } from './db/types.js';
import { sendJsonText } from './json-text.js';
import type { CappedTotal } from './paged-search.js';

/** A list page as JSON text built by PostgreSQL, with its total and the data's generation its query saw (decision 0019). */
export interface JsonPage extends CappedTotal {
  json: string;
  generation: string;
}

/**
 * A list page sent as the JSON text PostgreSQL built (`{ result, totalItems, totalCapped? }`), and
 * again while the data's generation has not moved (decisions 0019, 0021, 0023): `page` runs only
 * when no kept answer of `key` is current. Access belongs in the query, hence in the key.
 */
export async function sendListPage<R extends Parameters<typeof sendJsonText>[0]>(
  answers: AnswersCache,
  db: Queryable,
  key: string,
  reply: R,
  page: () => Promise<JsonPage>,
): Promise<R> {
  const answer = await answers.answer(db, key, async () => {
    const built = await page();
    return {
      text: built.json,
      extra: { total: built.total, capped: built.capped },
      generation: built.generation,
    };
  });
  const { total, capped } = answer!.extra;
  return sendJsonText(
    reply,
    `{"result":${answer!.text},"totalItems":${total}${capped ? ',"totalCapped":true' : ''}}`,
  );
}
