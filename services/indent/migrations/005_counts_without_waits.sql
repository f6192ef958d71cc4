-- The kept counts of migration 002 as deltas (kit migration 7, issue 14): the rows per status in
-- indent_totals and per project and status in indent_counts were updated by every approval, so
-- approvals waited for each other's commits. indent_counts becomes the table of deltas; the totals
-- of all projects are its sum.
DROP TRIGGER indents_counted_insert ON {{schema}}.indents;
DROP TRIGGER indents_counted_update ON {{schema}}.indents;
DROP FUNCTION {{schema}}.indent_counted();
DROP TABLE {{schema}}.indent_counts;
DROP TABLE {{schema}}.indent_totals;
SELECT {{schema}}.keep_counts('indents', 'indent_counts');
