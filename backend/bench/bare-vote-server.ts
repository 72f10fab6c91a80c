import 'reflect-metadata';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Body, Controller, HttpCode, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { loadVoteSql } from './vote-sql.js';

/**
 * What any Node server, and any Nest server, pays for a vote on this machine: the API's two
 * statements (session lookup, then the vote) as named prepared statements on a pool of the
 * API's size, and nothing else: no security headers, guards, throttle, validation or logging.
 * `node` serves it with node:http alone; `nest` with a one-route Nest app on Express (the
 * API's framework, no middleware). Measured beside the API and pgbench, they show how much of
 * the gap to the database's own rate is Node, how much Nest, and how much the API's pipeline.
 * Run by the bench: `node bare-vote-server.js node|nest`, DATABASE_URL and PORT from the
 * environment; prints "listening" when ready.
 */
const { USER_BY_SESSION_SQL, CAST_VOTE_SQL } = await loadVoteSql();
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT);

async function vote(cookie: string | undefined, body: { mediaId: number; isHot: boolean }): Promise<unknown> {
  const sessionId = /vibe_session=([A-Za-z0-9]+)/.exec(cookie ?? '')?.[1];
  const user = await pool.query<{ id: number }>({
    name: 'session',
    text: USER_BY_SESSION_SQL,
    values: [
      createHash('sha256')
        .update(sessionId ?? '')
        .digest('hex'),
    ],
  });
  const cast = await pool.query({
    name: 'vote',
    text: CAST_VOTE_SQL,
    values: [user.rows[0]!.id, body.mediaId, body.isHot],
  });
  return cast.rows[0];
}

function serveWithNode(): void {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      vote(
        req.headers.cookie,
        JSON.parse(Buffer.concat(chunks).toString()) as { mediaId: number; isHot: boolean },
      ).then(
        (answer) => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        },
        (err: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(err.message);
        },
      );
    });
  });
  server.listen(port, '127.0.0.1', () => console.log('listening'));
}

@Controller('api/votes')
class VotesController {
  @Post()
  @HttpCode(201)
  cast(@Req() req: http.IncomingMessage, @Body() body: { mediaId: number; isHot: boolean }): Promise<unknown> {
    return vote(req.headers.cookie, body);
  }
}

@Module({ controllers: [VotesController] })
class VoteModule {}

async function serveWithNest(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(VoteModule, { logger: false });
  await app.listen(port, '127.0.0.1');
  console.log('listening');
}

if (process.argv[2] === 'nest') await serveWithNest();
else serveWithNode();
process.once('SIGTERM', () => process.exit(0));
