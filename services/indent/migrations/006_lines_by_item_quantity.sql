-- The lines of an item by quantity (issue 14): a receipt's consumption moves an item's BOQ balance
-- across a range of quantities, and only the lines inside that range change sides. Found along this
-- index, instead of reading every line of every indent on the BOQ (thousands of indents on one BOQ
-- made each receipt cost ~40 ms of PostgreSQL's time in the flow bench).
CREATE INDEX indent_lines_item_quantity ON {{schema}}.indent_lines (item_id, quantity_hundredths) INCLUDE (indent_id);
