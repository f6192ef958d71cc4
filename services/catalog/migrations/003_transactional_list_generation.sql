-- The list generation moves inside the write's own transaction (a row, not a sequence), so it
-- becomes visible together with the change: no window in which a cached list is stale, even when
-- a process stops between commit and bump.
CREATE TABLE {{schema}}.list_generation (
  id integer PRIMARY KEY CHECK (id = 1),
  generation bigint NOT NULL
);
INSERT INTO {{schema}}.list_generation (id, generation) VALUES (1, 0);
DROP SEQUENCE {{schema}}.items_generation;
