CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"title_de" text NOT NULL,
	"title_cs" text NOT NULL,
	"description_de" text NOT NULL,
	"description_cs" text NOT NULL,
	"image_key" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_company_idx" ON "news" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news" USING btree ("publish_at" DESC NULLS LAST) WHERE "news"."active" AND "news"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "news_title_de_trgm_idx" ON "news" USING gin (pn_norm("title_de") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_title_cs_trgm_idx" ON "news" USING gin (pn_norm("title_cs") gin_trgm_ops);