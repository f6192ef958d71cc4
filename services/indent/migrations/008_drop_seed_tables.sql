-- Sample data is no longer made by the service (a seed script creates it through the public API):
-- the table that held the indents the built-in seed still had to make goes.
DROP TABLE IF EXISTS {{schema}}.demo_indents;
