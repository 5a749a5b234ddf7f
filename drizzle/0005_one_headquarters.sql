-- One headquarters per company (issue item 9): concurrent "make headquarters" edits could leave
-- two. Existing duplicates keep the oldest as headquarters; the others become further locations.
UPDATE company_addresses a SET kind = 'LOCATION'
  WHERE a.kind = 'HEADQUARTERS' AND EXISTS (
    SELECT 1 FROM company_addresses b
    WHERE b.company_id = a.company_id AND b.kind = 'HEADQUARTERS' AND (b.created_at, b.id) < (a.created_at, a.id));--> statement-breakpoint
CREATE UNIQUE INDEX "company_addresses_one_headquarters_key" ON "company_addresses" USING btree ("company_id") WHERE "company_addresses"."kind" = 'HEADQUARTERS';
