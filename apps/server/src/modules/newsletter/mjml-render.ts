// MJML rendered in a worker thread that ends once idle: MJML's code and a render's garbage are not
// kept by the server that sends (docs/scale.md#send-memory, decision 032).
import { Worker } from "node:worker_threads";

/** How long the thread waits for the next document before it ends, in ms (a studio's previews). */
export const MJML_IDLE_MS = 30_000;
/** The thread's heap limit, in MB: a render needs well under half of it. */
const HEAP_LIMIT_MB = 256;
/** Its young generation, in MB: V8 would size it from the machine (128 MB on 24 GB), not the render. */
const YOUNG_LIMIT_MB = 16;

type Pending = { resolve: (html: string) => void; reject: (err: Error) => void };
type Answer = { id: number; html?: string; error?: string };

/** A running thread and the documents it has not answered yet. */
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout | undefined;
  /** End as soon as nothing is pending (releaseMjml). */
  release?: boolean;
}

let thread: Thread | null = null;
let nextId = 0;

/** Ends the thread and fails what it had not answered with `err` (a crash, or the end itself). */
function end(err: Error): void {
  if (!thread) return;
  const { worker, pending, idle } = thread;
  thread = null;
  if (idle) clearTimeout(idle);
  for (const p of pending.values()) p.reject(err);
  void worker.terminate();
}

/** The running thread, started when there is none. */
function running(): Thread {
  if (thread) return thread;
  const worker = new Worker(new URL("./mjml-render.worker.mjs", import.meta.url), {
    resourceLimits: {
      maxOldGenerationSizeMb: HEAP_LIMIT_MB,
      maxYoungGenerationSizeMb: YOUNG_LIMIT_MB,
    },
  });
  const own: Thread = { worker, pending: new Map() };
  worker.on("message", (answer: Answer) => {
    const p = own.pending.get(answer.id);
    own.pending.delete(answer.id);
    if (answer.error !== undefined) p?.reject(new Error(`MJML: ${answer.error}`));
    else p?.resolve(answer.html ?? "");
    if (own.pending.size === 0 && thread === own) {
      // Idle, the thread keeps no command-line tool or closed server alive.
      worker.unref();
      own.idle = setTimeout(
        () => end(new Error("MJML thread ended")),
        own.release ? 0 : MJML_IDLE_MS,
      );
      own.idle.unref();
    }
  });
  worker.on("error", (err) => thread === own && end(err));
  worker.on("exit", (code) => thread === own && end(new Error(`MJML thread exited ${code}`)));
  thread = own;
  return own;
}

/**
 * The HTML of the MJML `document` (strict validation, no comments, no web fonts), rendered in a
 * worker thread: started on first use (about half a second to load MJML), kept for the next
 * document until MJML_IDLE_MS pass without one (or released), then ended: its heap's pages go
 * back to V8, which reuses them for the main thread's heap.
 * @throws Error when MJML rejects the document or the thread fails.
 */
export function renderMjml(document: string): Promise<string> {
  const own = running();
  if (own.idle) clearTimeout(own.idle);
  own.idle = undefined;
  // A render in progress keeps the process alive, as any other awaited I/O does.
  own.worker.ref();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    own.pending.set(id, { resolve, reject });
    own.worker.postMessage({ id, document });
  });
}

/**
 * Ends the thread once it has answered what it was sent, without waiting MJML_IDLE_MS: for a
 * send, whose delivery follows at once and should not share the process with the thread.
 */
export function releaseMjml(): void {
  if (thread && thread.pending.size === 0) end(new Error("MJML thread ended"));
  else if (thread) thread.release = true;
}

/** Whether the thread runs (started and not yet ended). */
export function mjmlThreadRunning(): boolean {
  return thread !== null;
}

/** Ends the thread now, if it runs (tests; the thread also ends on its own once idle). */
export function stopMjml(): void {
  end(new Error("MJML thread stopped"));
}
