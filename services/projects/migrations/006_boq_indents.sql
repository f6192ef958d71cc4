-- The indents raised against each BOQ, as the indent service announces them
-- (erp.indent.upserted.v1): the BOQ list's and page's indentCount (decision 0034). One row per
-- indent with the BOQ revision it draws on, that revision's BOQ number, and the indent's newest
-- stage by its own version (the highest wins, whatever order the events arrive in). An indent counts
-- for every revision of its BOQ's number, drafts included; boqs.indent_count is kept from these rows
-- by the difference each event makes (a revision copies its number's count when it is made).
CREATE TABLE {{schema}}.boq_indents (
  indent_id uuid PRIMARY KEY,
  boq_id uuid NOT NULL,
  -- null when the revision is unknown here (counted for no BOQ).
  boq_number text,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX boq_indents_number ON {{schema}}.boq_indents (boq_number);
