-- A BOQ's purchase orders (GET /po?boqId=, the screen indent/{boqId}/pos), newest order first as the
-- list's default sort reads them.
CREATE INDEX purchase_orders_boq ON {{schema}}.purchase_orders (boq_id, order_date, po_seq);
