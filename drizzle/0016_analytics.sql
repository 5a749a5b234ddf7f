CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"path" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"device_class" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" USING btree ("day","event","path","target","referrer_host","device_class");