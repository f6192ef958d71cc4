-- The project's location, from erp.projects.project_upserted.v1 (decision 0035): the approval
-- announces it, and the PO prints it in the delivery address. '' until an event carrying it arrives
-- (events announced before it was carried have none).
ALTER TABLE {{schema}}.project_snapshots ADD COLUMN location text NOT NULL DEFAULT '';
