import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { createOrPromoteAdmin } from "./admin-accounts.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

it("creates a verified admin, and promotes and reactivates an existing account", async () => {
  expect(await createOrPromoteAdmin(handle.db, " Chef@Example.org ", "Chef")).toBe("created");
  const [created] = await handle.db.select().from(users).where(eq(users.email, "chef@example.org"));
  expect(created).toMatchObject({ role: "Admin", verified: true, active: true, name: "Chef" });

  await handle.db.insert(users).values({ email: "org@example.org", name: "Org", active: false });
  expect(await createOrPromoteAdmin(handle.db, "org@example.org")).toBe("promoted");
  const [promoted] = await handle.db.select().from(users).where(eq(users.email, "org@example.org"));
  expect(promoted).toMatchObject({ role: "Admin", verified: true, active: true, name: "Org" });
});

it("rejects an invalid e-mail and stores nothing", async () => {
  const before = await handle.db.select().from(users);
  await expect(createOrPromoteAdmin(handle.db, "not-an-email")).rejects.toThrow();
  expect(await handle.db.select().from(users)).toHaveLength(before.length);
});
