-- The item list and the dashboard's count are kept answers of the kit's one answer cache
-- (decisions 0019, 0049), and the in-memory name index belongs to the same generation: every
-- statement that writes an item moves it in its own transaction, whoever runs it (a route, an
-- import, another instance, a script). Both answers read `items` only (tests refuse an answer
-- that reads a table not watched); an item's prices, vendor count and best totals are columns of
-- `items`, written with it. The service's own generation row is no longer moved or read.
SELECT {{schema}}.watch_list_changes(ARRAY['items']);
DROP TABLE {{schema}}.list_generation;
