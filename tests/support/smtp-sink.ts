import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Accepted {
  messageId: string;
  from: string;
  to: string;
}

export interface SinkOptions {
  /** A temporary refusal (451) for mails to this address, at RCPT TO. */
  deferTo?: string;
  /**
   * Asked for every complete message before it is accepted: true keeps the 250 back for good, as
   * a server would whose client died before the answer (the message then was not accepted).
   */
  hold?: (message: Accepted, acceptedSoFar: number) => boolean;
}

/**
 * An SMTP server for tests (smtp-server): counts the messages it accepted (answered 250) by their
 * Message-ID, and can refuse one recipient or hold back its answer for a message.
 */
export async function startSmtpSink(options: SinkOptions = {}) {
  const accepted: Accepted[] = [];
  const attemptsTo = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      attemptsTo.set(address.address, (attemptsTo.get(address.address) ?? 0) + 1);
      if (address.address === options.deferTo) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
        const message: Accepted = {
          messageId,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
        };
        if (options.hold?.(message, accepted.length)) return;
        accepted.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    accepted,
    attemptsTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
