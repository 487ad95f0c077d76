// Test helper: a real SMTP server on loopback (smtp-server) that parses each message it receives
// (postal-mime), so mail tests speak the actual protocol instead of mocking the transport.
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/** A message the sink received, parsed by postal-mime, with its envelope and raw text. */
export type ReceivedMail = Awaited<ReturnType<typeof PostalMime.parse>> & {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  raw: string;
};

/** A real SMTP server on loopback that keeps what it receives (smtp-server). */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** The next message not yet taken by `next` (waits up to `timeoutMs`, default 5000). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  /** Marks every message received so far as taken. */
  skip(): void;
  close(): Promise<void>;
}

/** Starts the sink on 127.0.0.1, port 0 (any free port); no TLS, no authentication needed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw)
          .then((email) => {
            received.push({
              ...email,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            for (const w of waiters.splice(0)) w();
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received[taken++] as ReceivedMail;
    },
    skip() {
      taken = received.length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
