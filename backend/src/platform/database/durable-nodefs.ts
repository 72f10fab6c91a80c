import { type PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import fs from 'node:fs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

interface NodeFsModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd?: number }) => number | undefined };
    tryFSOperation<T>(work: () => T): T;
  };
}

/**
 * PGlite's Node filesystem with a real fsync. Emscripten's NODEFS has no fsync, so PostgreSQL's
 * fsync of the WAL at commit (and of data files at checkpoints) silently did nothing: a process
 * crash lost no committed data, but an OS crash or power cut could. This gives NODEFS's file
 * streams an fsync that reaches the disk (a failure becomes an I/O error PostgreSQL sees).
 * `fsync` is a parameter so a test can watch it; it must behave like fs.fsyncSync.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly fsync: (fd: number) => void = fs.fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Partial<EmscriptenOptions>): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        const { NODEFS } = mod as NodeFsModule;
        // every NODEFS node shares this table, so files opened later get it too
        NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) NODEFS.tryFSOperation(() => this.fsync(stream.nfd!));
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as EmscriptenOptions };
  }
}
