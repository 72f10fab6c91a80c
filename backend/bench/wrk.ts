import { onPath, runWithScript } from './external-tool.js';

/** wrk on PATH (Debian package `wrk`), else null. */
export const findWrk = (): string | null => onPath('wrk');

export interface WrkResult {
  reqPerSec: number;
  requests: number;
  /** Answers outside 2xx/3xx plus socket errors and time-outs. */
  failed: number;
  p50Ms: number;
}

/** A voter the script votes as: user id and the session id its cookie carries. */
export interface WrkVoter {
  id: number;
  sessionId: string;
}

/**
 * The Lua of a vote load: request i (over all threads) votes as voter ⌊i / media⌋ on media
 * first + i mod media, Hot unless i is a multiple of 3, as the autocannon vote run does; so no
 * request repeats a (user, media) pair until every voter has voted on every media.
 */
export function voteScript(voters: WrkVoter[], media: { first: number; last: number }, threads: number): string {
  const list = voters.map((v) => `{${v.id},"${v.sessionId}"}`).join(',\n');
  return `local voters = {\n${list}\n}
local first, count, threads = ${media.first}, ${media.last - media.first + 1}, ${threads}
local next_id = 0
function setup(thread) thread:set("tid", next_id); next_id = next_id + 1 end
local tid, counter
function init(args) tid = tonumber(wrk.thread:get("tid")); counter = 0 end
function request()
  local i = counter * threads + tid
  counter = counter + 1
  local v = voters[(math.floor(i / count) % #voters) + 1]
  local body = '{"userId":' .. v[1] .. ',"mediaId":' .. (first + i % count) .. ',"isHot":' .. ((i % 3 ~= 0) and 'true' or 'false') .. '}'
  return wrk.format("POST", nil, { ["content-type"] = "application/json", ["cookie"] = "vibe_session=" .. v[2] }, body)
end
`;
}

/** Runs wrk (2 threads, like pgbench's -j 2) with a Lua script for `seconds`, and answers its rate. */
export async function runWrk(options: {
  bin: string;
  url: string;
  script: string;
  scriptFile: string;
  connections: number;
  seconds: number;
}): Promise<WrkResult> {
  const args = [
    '-t',
    '2',
    '-c',
    String(options.connections),
    '-d',
    `${options.seconds}s`,
    '--latency',
    '-s',
    options.scriptFile,
    options.url,
  ];
  const out = await runWithScript(options.bin, args, options.script, options.scriptFile);
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s)$/m.exec(out);
  return {
    reqPerSec: num(/^Requests\/sec:\s+([\d.]+)/m),
    requests: num(/^\s+(\d+) requests in/m),
    failed: num(/Non-2xx or 3xx responses: (\d+)/) + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    p50Ms: p50 ? Number(p50[1]) * (p50[2] === 'us' ? 0.001 : p50[2] === 's' ? 1000 : 1) : NaN,
  };
}
