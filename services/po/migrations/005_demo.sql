-- Demo data still to be made (services/po/src/demo.ts): a key per demo receipt, queued on a new
-- database with demo seeding and deleted in the transaction that records it.
CREATE TABLE {{schema}}.demo_receipts (key text PRIMARY KEY);
