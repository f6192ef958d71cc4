-- The indent list's answers are kept by data generation (decisions 0019 and 0021): every statement
-- that writes what a list row shows (the indent itself with its totals, over-BOQ lines and PO count;
-- the project's name and code; the BOQ's number and name) moves the generation in its own
-- transaction, so a kept page is served only while nothing it shows has changed. The kept counts
-- behind the totals (indent_counts, indent_totals) are not watched: only the row trigger of
-- `indents` writes them, in the statement that changes the indent, which moves the generation
-- already (watching them too would add two rows per indent written by a bulk statement).
SELECT {{schema}}.watch_list_changes(ARRAY['indents', 'project_snapshots', 'boq_snapshots']);
