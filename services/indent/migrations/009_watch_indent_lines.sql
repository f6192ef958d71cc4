-- The indent list reads each indent's lines (its quantities per unit, decision 0037), so writing
-- them moves the kept answers' generation too (decision 0049): the lines are written in the
-- statements next to the indent's own, but a kept list's freshness no longer rests on that. The
-- kept counts stay unwatched: only row triggers of `indents` write them, which the kit's check sees.
SELECT {{schema}}.watch_list_changes(ARRAY['indent_lines']);
