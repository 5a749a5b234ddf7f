import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test worker writes mails to its own outbox folder (read back by tests/support/outbox.ts).
process.env.MAIL_OUTBOX_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "pn-outbox-"));
process.env.APP_ENV ??= "test";
process.env.SMTP_URL = "";
