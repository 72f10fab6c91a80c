// s3rver ships no types; just the surface the bench uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
