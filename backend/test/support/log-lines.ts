/**
 * A process's output as an operator's log collector reads it: one JSON object per line. A line
 * that is not JSON fails the test, naming the line and showing the whole output around it.
 */
export function jsonLogLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${l}\n--- log ---\n${text}`);
      }
    });
}
