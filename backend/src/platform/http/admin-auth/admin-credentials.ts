import { Logger } from '@nestjs/common';
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '../../../config/env.js';

/** The effective admin login; resolved once at start-up (see resolveAdminCredentials). */
export class AdminCredentials {
  private readonly key = randomBytes(32);
  private readonly username: Buffer;
  private readonly password: Buffer;
  /**
   * Stored with each session token so that a new ADMIN_USERNAME / ADMIN_PASSWORD ends the sessions
   * issued under the old ones. A slow hash: the table must not make the password cheap to guess.
   */
  readonly sessionTag: string;

  constructor(username: string, password: string) {
    this.username = this.digest(username);
    this.password = this.digest(password);
    this.sessionTag = scryptSync(`${username}\0${password}`, "How's my Vibe admin session", 32).toString('hex');
  }

  /** Timing-safe: both parts are always compared, over fixed-length digests. */
  matches(username: string, password: string): boolean {
    const userOk = timingSafeEqual(this.digest(username), this.username);
    const passOk = timingSafeEqual(this.digest(password), this.password);
    return userOk && passOk;
  }

  private digest(s: string): Buffer {
    return createHmac('sha256', this.key).update(s, 'utf8').digest();
  }
}

/**
 * ADMIN_PASSWORD when set. Otherwise development (and test) generates one at first start, keeps
 * it in DATA_DIR/admin-password and prints it once; production refuses to start.
 */
export async function resolveAdminCredentials(config: AppConfig): Promise<AdminCredentials> {
  if (config.adminPassword) return new AdminCredentials(config.adminUsername, config.adminPassword);
  if (config.nodeEnv === 'production') {
    // Nest buffers its logs until start-up succeeds, so say it on stderr before failing
    const message = 'ADMIN_PASSWORD must be set in production (the admin portal would be unprotected)';
    console.error(message);
    throw new Error(message);
  }
  const file = path.join(config.dataDir, 'admin-password');
  const existing = await readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => '',
  );
  if (existing) {
    new Logger('AdminAuth').log(`Admin password: see ${file}`);
    return new AdminCredentials(config.adminUsername, existing);
  }
  const generated = randomBytes(18).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process (api beside worker) created it first: use theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return new AdminCredentials(config.adminUsername, (await readFile(file, 'utf8')).trim());
  }
  // for the person at the terminal, once; on stderr so stdout stays JSON lines
  process.stderr.write(
    `\n  Admin portal login (generated, kept in ${file}):\n    username: ${config.adminUsername}\n    password: ${generated}\n  Set ADMIN_PASSWORD to choose your own.\n`,
  );
  return new AdminCredentials(config.adminUsername, generated);
}
