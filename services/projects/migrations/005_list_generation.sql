-- The generation of what the project and BOQ lists and a BOQ's page show (decision 0019): the sum
-- of `weight` over list_changes as a snapshot sees it, moved by every statement that writes a table
-- those answers are built from. The table and its trigger function come from the kit's migration 6
-- (a schema that ran this migration before the kit had them made them here, the same way); this
-- migration names the tables.
SELECT {{schema}}.watch_list_changes(ARRAY['projects', 'access_members', 'boqs', 'boq_lines', 'boq_consumption', 'boq_counts']);
