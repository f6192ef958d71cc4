-- Keys of sample ledger entries the service once queued when it seeded its own sample data (002).
-- Sample data is now created through the public API (scripts/demo-seed), so the table goes.
DROP TABLE IF EXISTS {{schema}}.demo_ledger;
