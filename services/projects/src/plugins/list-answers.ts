import { sendJsonText, type AnswersCache, type Queryable } from '@erp/service-kit';
import type { JsonPage } from '../repositories/project-list.js';

/**
 * A list page sent as the JSON text PostgreSQL built (`{ result, totalItems, totalCapped? }`), and
 * again while the data's generation has not moved (decision 0019): `page` runs only when no kept
 * answer of `key` is current.
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
  const sent = { json: answer!.text, ...answer!.extra };
  return sendJsonText(
    reply,
    `{"result":${sent.json},"totalItems":${sent.total}${sent.capped ? ',"totalCapped":true' : ''}}`,
  );
}
