import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/server/auth/sessions.server";
import { AppError } from "~/server/errors";
import { userContext } from "./context";

/**
 * The signed-in user of a loader or action. The root middleware already sends anonymous
 * visitors of guarded pages to the login page; this only makes the type non-null.
 */
export function requireUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(userContext);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}
