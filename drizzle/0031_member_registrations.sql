CREATE TABLE "company_registration_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"grantee_company_id" uuid NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "member_registrations" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"registered_by" uuid,
	"contact_id" uuid,
	"contact_name" text,
	"contact_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_registration_grants" ADD CONSTRAINT "company_registration_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registration_grants" ADD CONSTRAINT "company_registration_grants_grantee_company_id_companies_id_fk" FOREIGN KEY ("grantee_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registration_grants" ADD CONSTRAINT "company_registration_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registration_grants" ADD CONSTRAINT "company_registration_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_registrations" ADD CONSTRAINT "member_registrations_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_registrations" ADD CONSTRAINT "member_registrations_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_registrations" ADD CONSTRAINT "member_registrations_contact_id_company_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_registration_grants_live_key" ON "company_registration_grants" USING btree ("company_id","grantee_company_id") WHERE "company_registration_grants"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "company_registration_grants_grantee_idx" ON "company_registration_grants" USING btree ("grantee_company_id") WHERE "company_registration_grants"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_registrations_registered_by_idx" ON "member_registrations" USING btree ("registered_by");