-- Sample data is no longer made by the service (a seed script creates it through the public API):
-- the table that held the receipt the built-in seed still had to record goes.
DROP TABLE IF EXISTS {{schema}}.demo_receipts;
