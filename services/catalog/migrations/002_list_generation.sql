-- Bumped after every committed item write; list answers cached by an instance are kept only while
-- it stays the same (so a write on any instance invalidates every instance's cache).
CREATE SEQUENCE {{schema}}.items_generation;
