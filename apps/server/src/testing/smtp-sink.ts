// Test helper: a real SMTP server on loopback (smtp-server) that parses each message it receives
// (postal-mime), so mail tests speak the actual protocol instead of mocking the transport; it can
// refuse recipients (4xx, 5xx) and count deliveries per address without parsing (bulk sends).
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
  /** Every message received so far, oldest first (empty with `parse: false`). */
  received: ReceivedMail[];
  /** Messages accepted per envelope recipient (lower case), parsed or not. */
  deliveredTo: Map<string, number>;
  /** The next message not yet taken by `next` (waits up to `timeoutMs`, default 5000). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  /** Marks every message received so far as taken. */
  skip(): void;
  close(): Promise<void>;
}

/** How the sink answers. */
export interface SmtpSinkOptions {
  /**
   * Called at each RCPT TO with the address (lower case) and how many times it was offered
   * before; a reply code (4xx temporary, 5xx permanent) refuses it, null accepts it.
   */
  refuse?: (address: string, offered: number) => number | null;
  /** Parse each message into `received` (default true); false only counts `deliveredTo`. */
  parse?: boolean;
}

/** Starts the sink on 127.0.0.1, port 0 (any free port); no TLS, no authentication needed. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const deliveredTo = new Map<string, number>();
  const offers = new Map<string, number>();
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const offered = offers.get(to) ?? 0;
      offers.set(to, offered + 1);
      const code = options.refuse?.(to, offered) ?? null;
      if (code === null) return callback();
      const refusal = new Error(code >= 500 ? "5.1.1 No such mailbox" : "4.7.1 Try again later");
      callback(Object.assign(refusal, { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => {
        if (options.parse !== false) chunks.push(c);
      });
      stream.on("end", () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        for (const to of envelopeTo) {
          const key = to.toLowerCase();
          deliveredTo.set(key, (deliveredTo.get(key) ?? 0) + 1);
        }
        if (options.parse === false) {
          for (const w of waiters.splice(0)) w();
          return callback();
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw)
          .then((email) => {
            received.push({ ...email, envelopeTo, raw });
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
  // A client that vanishes mid-session (a worker process killed in a test) resets its connection:
  // the session ends, and the sink keeps serving the others.
  server.on("error", () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    deliveredTo,
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
