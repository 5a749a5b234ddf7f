CREATE TABLE "nace_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"parent" text,
	"label_de" text NOT NULL,
	"label_cs" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"geoname_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"district" text,
	"district_code" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"population" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_codes" (
	"country" text NOT NULL,
	"postal_code" text NOT NULL,
	"place" text NOT NULL,
	"region" text NOT NULL,
	"district" text NOT NULL,
	"district_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	CONSTRAINT "postal_codes_country_postal_code_place_pk" PRIMARY KEY("country","postal_code","place")
);
--> statement-breakpoint
CREATE TABLE "programme_regions" (
	"region_code" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name_de" text NOT NULL,
	"name_cs" text NOT NULL,
	"national_code" text NOT NULL,
	"type_de" text NOT NULL,
	"type_cs" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description_de" text NOT NULL,
	"description_cs" text NOT NULL,
	"website" text NOT NULL,
	"logo_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"origin" text DEFAULT 'MANUAL' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"district_code" text,
	"region_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid,
	"reasons" text[] NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"function" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_nace" (
	"company_id" uuid NOT NULL,
	"nace_code" text NOT NULL,
	CONSTRAINT "company_nace_company_id_nace_code_pk" PRIMARY KEY("company_id","nace_code")
);
--> statement-breakpoint
CREATE TABLE "company_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"keywords" text[] NOT NULL,
	"image_key" text,
	"terms_url" text NOT NULL,
	"validity_days" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_tags" (
	"company_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "company_tags_company_id_tag_id_pk" PRIMARY KEY("company_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "company_user_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label_de" text NOT NULL,
	"label_cs" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_role" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_challenges" ADD CONSTRAINT "company_challenges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_challenges" ADD CONSTRAINT "company_challenges_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_challenges" ADD CONSTRAINT "company_challenges_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_consent_by_users_id_fk" FOREIGN KEY ("consent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nace" ADD CONSTRAINT "company_nace_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_nace" ADD CONSTRAINT "company_nace_nace_code_nace_codes_code_fk" FOREIGN KEY ("nace_code") REFERENCES "public"."nace_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tags" ADD CONSTRAINT "company_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tags" ADD CONSTRAINT "company_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_links" ADD CONSTRAINT "company_user_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_links" ADD CONSTRAINT "company_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_links" ADD CONSTRAINT "company_user_links_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_requests" ADD CONSTRAINT "user_role_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_requests" ADD CONSTRAINT "user_role_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nace_codes_parent_idx" ON "nace_codes" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "places_name_idx" ON "places" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_challenges_status_idx" ON "company_challenges" USING btree ("status");--> statement-breakpoint
CREATE INDEX "company_challenges_company_idx" ON "company_challenges" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_contacts_company_idx" ON "company_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_nace_code_idx" ON "company_nace" USING btree ("nace_code");--> statement-breakpoint
CREATE INDEX "company_services_company_idx" ON "company_services" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_services_valid_until_idx" ON "company_services" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "company_tags_tag_idx" ON "company_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_user_links_company_user_key" ON "company_user_links" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_user_links_user_idx" ON "company_user_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_user_links_status_idx" ON "company_user_links" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_label_de_key" ON "tags" USING btree (lower("label_de"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_label_cs_key" ON "tags" USING btree (lower("label_cs"));--> statement-breakpoint
CREATE INDEX "user_role_requests_status_idx" ON "user_role_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "user_role_requests_user_idx" ON "user_role_requests" USING btree ("user_id");