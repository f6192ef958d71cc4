-- The team list filtered by role (the project form's Employee picker asks for Employees), in list order.
CREATE INDEX members_role ON {{schema}}.members (role, created_at DESC, id);
