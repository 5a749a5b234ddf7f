import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/server/auth/sessions.server";
import { type Db, getDb } from "~/server/db/client.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import { type B2bEvent, requireB2bOrganiser } from "./access.server";

export interface B2bActionContext {
  db: Db;
  user: SessionUser;
  form: FormData;
  event: B2bEvent;
}

/**
 * The frame of every form action on the organiser's B2B pages: read the body within its limit,
 * pass the B2B gate before anything sent is parsed, run; domain errors become coded answers.
 */
export async function b2bAction<T>(request: Request, context: Readonly<RouterContextProvider>, eventId: string, run: (c: B2bActionContext) => Promise<T>) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const db = await getDb();
    const user = requireUser(context);
    const event = await requireB2bOrganiser(db, user, eventId);
    return run({ db, user, form, event });
  });
}
