ALTER TABLE "b2b_plans" ADD COLUMN "no_show_auto" text;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD COLUMN "no_show_auto_done_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_no_show_auto" CHECK ("b2b_plans"."no_show_auto" IN ('PAGES', 'MAIL'));