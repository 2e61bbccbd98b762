-- The contacts list leaves a chatbot's live test's visitors out (0056). As `not c.test` that
-- clause turned the list's index-only walks (contacts_list_idx and contacts_phase_list_idx carry
-- every column a filter reads, but not `test`) into walks that fetch every row they pass: a
-- common search read ~3,000 heap rows for a page instead of none. The list now leaves them out by
-- id (contactWhere), read from this index: only test visitors are in it, so it is tiny and an
-- insert of any other contact never touches it.
CREATE INDEX "contacts_test_idx" ON "contacts" USING btree ("account_id","id") WHERE test;
