-- The kept counts of migration 004 as deltas (kit migration 7, issue 14): the rows per status in
-- po_totals and per project and status in po_counts were updated by every PO created or changed in
-- status, so creating the POs of one approval waited for the receipts of others, and the other way
-- round. po_counts becomes the table of deltas; the totals of all projects are its sum.
DROP TRIGGER purchase_orders_counted_insert ON {{schema}}.purchase_orders;
DROP TRIGGER purchase_orders_counted_update ON {{schema}}.purchase_orders;
DROP FUNCTION {{schema}}.po_counted();
DROP TABLE {{schema}}.po_counts;
DROP TABLE {{schema}}.po_totals;
SELECT {{schema}}.keep_counts('purchase_orders', 'po_counts');
