/** CSV writing shared by every export (contacts, statement, transcripts). */

/** One CSV cell: quoted when needed; a leading = or @ (a spreadsheet formula) is neutralised. */
export function csvCell(value: unknown, delimiter = ','): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@]/.test(text) || /^[+-][^\d\s(]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[], delimiter = ','): string {
  return `${cells.map((c) => csvCell(c, delimiter)).join(delimiter)}\r\n`;
}

/** Resolves when a writable may take more, or will never again (closed, failed). */
export function drainOrClose(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'close', 'error']) stream.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error']) stream.on(event, done);
  });
}
