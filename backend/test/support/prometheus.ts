/** One sample of the Prometheus text format: `name{label="v",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text format strictly: every line is a comment or a sample, or the test fails. */
export function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes `Nan`
    if (Number.isNaN(value) && m[3]!.toLowerCase() !== 'nan') throw new Error(`bad value in: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return samples;
}

/** The sum of the samples with this name whose labels include `labels` (0 when there is none yet). */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

export const has = (samples: Sample[], name: string) => samples.some((s) => s.name === name);
