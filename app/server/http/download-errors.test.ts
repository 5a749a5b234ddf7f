import { describe, expect, it } from "vitest";
import { AppError } from "~/server/errors";
import { throwDownloadError } from "./download-errors.server";

const caught = (run: () => never): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
};

describe("download errors", () => {
  it("answer a domain error as translated plain text with its status", async () => {
    const response = caught(() => throwDownloadError("cs")(new AppError("PARTICIPANT_LIST_FORBIDDEN"))) as Response;
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect((await response.text()).trim()).toBe("Nemáte oprávnění zobrazit seznam účastníků.");
    const none = caught(() => throwDownloadError("de")(new AppError("NAME_TAGS_NONE"))) as Response;
    expect(none.status).toBe(400);
    expect((await none.text()).trim()).toBe("In dieser Auswahl erhält niemand ein Namensschild.");
  });

  it("rethrow anything else", () => {
    const bug = new TypeError("bug");
    expect(caught(() => throwDownloadError("de")(bug))).toBe(bug);
  });
});
