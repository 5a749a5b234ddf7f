import { date, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

export const ANALYTICS_EVENTS = ["pageview", "outbound"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * First-party web analytics (spec §3 analytics / aggregated_analytics, §7; decision 035): one
 * counter per day, event, public page path, outbound target, referrer host and device class.
 * Nothing here identifies a visitor: no IP address, no user agent, no user id, no cookie. A hit is
 * one upsert that adds 1 to its row. "" stands for "none" so the unique key covers every row.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    event: text("event").$type<AnalyticsEvent>().notNull(),
    /** The page's pathname without query or fragment (public catalogue pages only). */
    path: text("path").notNull(),
    /** Outbound clicks: the link's origin and path without query; "" for page views. */
    target: text("target").notNull().default(""),
    /** The host of an external referrer; "" when direct or from this site. */
    referrerHost: text("referrer_host").notNull().default(""),
    deviceClass: text("device_class").$type<DeviceClass>().notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("analytics_daily_key").on(t.day, t.event, t.path, t.target, t.referrerHost, t.deviceClass)],
);
