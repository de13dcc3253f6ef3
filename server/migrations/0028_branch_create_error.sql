-- A branch's create request is answered at once (issue 20): its database is copied from the parent's in the
-- background (the provisioner's 'clone' step, resumed at start-up while the project is COMING_UP). create_error holds
-- why the copy failed, so the console shows the reason (the branch reads INIT_FAILED) after the process that saw it.
ALTER TABLE branches ADD COLUMN create_error text;
