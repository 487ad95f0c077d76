// Multipart/form-data bodies as a browser sends them, for upload tests (RFC 7578).
import { randomBytes } from "node:crypto";

/** One part of a multipart/form-data body: a field, or a file with its name and type. */
export interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it: `{ payload, headers }` for app.inject. */
export function multipart(parts: Part[]) {
  const boundary = `----pragmatist${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const name = p.filename === undefined ? "" : `; filename="${p.filename}"`;
    const type = p.type === undefined ? "" : `Content-Type: ${p.type}\r\n`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${name}\r\n${type}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
