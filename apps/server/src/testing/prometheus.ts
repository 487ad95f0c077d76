// Reads Prometheus's text exposition format (0.0.4) as a scraper does, for metrics tests.

/** One sample line: the metric's name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of an exposition, in order (comments and blank lines skipped). */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = LINE.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the sample named `name` whose labels include `labels` (0 when there is none, as a
 * counter not yet incremented reads), summed when several match.
 */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  return parseSamples(text)
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
