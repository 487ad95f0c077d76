// The thread mjml-render.ts starts: loads MJML once and turns each MJML document it is sent
// ({ id, document }) into HTML ({ id, html } or { id, error }), so MJML's code and its render's
// heap stay out of the process that sends. Plain JavaScript: the thread then loads no TypeScript
// stripper (a third of a second and about 20 MB at each start).
import { parentPort } from "node:worker_threads";
import mjml2html from "mjml";

parentPort?.on("message", (job) => {
  // No web fonts: MJML would link Google Fonts for the fonts the template names, and every
  // reader's mail client would then call Google when opening the issue (no third party).
  mjml2html(job.document, { validationLevel: "strict", keepComments: false, fonts: {} }).then(
    (result) => parentPort?.postMessage({ id: job.id, html: result.html }),
    (err) =>
      parentPort?.postMessage({
        id: job.id,
        error: err instanceof Error ? err.message : String(err),
      }),
  );
});
