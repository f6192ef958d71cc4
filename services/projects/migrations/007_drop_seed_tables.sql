-- Sample data is no longer made by the service (a seed script creates it through the public API):
-- the tables that held what the built-in seed still had to make go.
DROP TABLE IF EXISTS {{schema}}.demo_assignments;
DROP TABLE IF EXISTS {{schema}}.demo_boqs;
