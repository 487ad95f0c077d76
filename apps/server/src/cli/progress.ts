// The progress line of the command-line tools: a bar on a terminal, a counter in logs.
/**
 * A one-line progress bar on a terminal; otherwise (logs, CI) a plain "<verb> <done>/<total>"
 * line every 10%. `update` takes the items done, the total and the current item's name.
 */
export function progressReporter(stream: NodeJS.WriteStream, verb: string) {
  let lastDecile = -1;
  return {
    update(done: number, total: number, file: string) {
      if (stream.isTTY) {
        const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 50));
        const filled = total ? Math.round((done / total) * width) : width;
        const bar = "█".repeat(filled) + "░".repeat(width - filled);
        const name = file.length > 30 ? `…${file.slice(-29)}` : file;
        stream.write(`\r\x1b[2K${bar} ${done}/${total} ${name}`);
        if (done === total) stream.write("\n");
        return;
      }
      const decile = total ? Math.floor((done / total) * 10) : 10;
      if (decile !== lastDecile || done === total) {
        lastDecile = decile;
        stream.write(`${verb} ${done}/${total}\n`);
      }
    },
  };
}
