-- The printed PO's delivery address (decision 0035): the indent's Site/Location and the project's
-- location, from erp.indent.approved.v1 (optional fields; '' for approvals announced before them).
ALTER TABLE {{schema}}.purchase_orders ADD COLUMN delivery_site text NOT NULL DEFAULT '';
ALTER TABLE {{schema}}.purchase_orders ADD COLUMN project_location text NOT NULL DEFAULT '';

-- Photos not yet named by a receipt, per member and hour (the upload limit counts these).
CREATE INDEX photos_unattached_by ON {{schema}}.photos (uploaded_by, uploaded_at) WHERE receipt_id IS NULL;
