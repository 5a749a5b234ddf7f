import { type RouterContextProvider } from "react-router";
import { type Db, getDb } from "~/server/db/client.server";
import { handleAction, readForm } from "~/server/http/actions.server";
import { requireUser } from "~/server/http/require-user.server";
import type { SessionUser } from "~/server/auth/sessions.server";
import { requireParticipantAccess } from "./access.server";

export interface ToolkitActionContext {
  db: Db;
  user: SessionUser;
  form: FormData;
}

/**
 * The frame of every form action of the organisers' toolkit (decision 019): read the body within
 * its limit, then decide who may act — the participant-list gate — before anything that was sent
 * is parsed, then run the action; domain errors become coded answers (handleAction).
 */
export async function toolkitAction<T>(request: Request, context: Readonly<RouterContextProvider>, eventId: string, run: (c: ToolkitActionContext) => Promise<T>) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  return handleAction(async () => {
    const db = await getDb();
    const user = requireUser(context);
    await requireParticipantAccess(db, user, eventId);
    return run({ db, user, form });
  });
}
