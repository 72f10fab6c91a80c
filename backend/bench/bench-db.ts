import pg from 'pg';

/** Creates and drops the bench's own databases on the server named by --database-url. */
export class BenchDatabases {
  private readonly created = new Set<string>();
  /** One stamp per run, so every database of a run shares a recognisable prefix. */
  readonly prefix = `vibe_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;

  constructor(private readonly serverUrl: string) {}

  private async admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.serverUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  async serverVersion(): Promise<string> {
    return this.admin(
      async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v,
    );
  }

  /** Creates `<prefix>_<label>` and answers its URL. */
  async create(label: string): Promise<{ name: string; url: string }> {
    const name = `${this.prefix}_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
    await this.admin((c) => c.query(`CREATE DATABASE ${name}`));
    this.created.add(name);
    const url = new URL(this.serverUrl);
    url.pathname = `/${name}`;
    return { name, url: url.toString() };
  }

  async drop(name: string): Promise<void> {
    if (!this.created.delete(name)) return;
    await this.admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }

  get names(): string[] {
    return [...this.created];
  }
}
