// `docker` for the topology check, so scripts/backup and scripts/restore run unchanged against the
// loopback topology: `docker compose exec -T postgres sh -c …` runs the command here with the
// postgres container's environment (and PGHOST/PGPORT pointing at the topology's PostgreSQL),
// `docker compose run … --entrypoint node api …` runs node with the api container's environment
// and its -v folders mapped to where they are here, and `stop`/`up` are done by the topology
// itself (it starts and stops nginx, the API replicas and the worker). Every command is told to
// the topology first, which records it (and may do something between two steps, as a visitor
// would). TOPOLOGY_DOCKER_STATE names a JSON file: { control, root, node, services: { name: env } }.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const state = JSON.parse(readFileSync(process.env.TOPOLOGY_DOCKER_STATE, 'utf8'));
const fail = (message) => {
  console.error(`docker (topology stand-in): ${message}`);
  process.exit(125);
};
const args = process.argv.slice(2);
if (args[0] !== 'compose') fail(`only "docker compose" is known here, not: docker ${args.join(' ')}`);
const [command, ...rest] = args.slice(1);

const told = await fetch(`${state.control}/compose`, { method: 'POST', body: JSON.stringify(args.slice(1)) });
if (!told.ok) fail(await told.text());
if (command === 'stop' || command === 'up') process.exit(0);

/** Runs a command with only the service's environment (plus PATH and HOME), stdin and stdout passed through. */
const run = (file, argv, env) =>
  new Promise((resolve) => {
    const child = spawn(file, argv, {
      cwd: state.root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: 'inherit',
    });
    child.on('error', (err) => fail(err.message));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });

const envOf = (service) => state.services[service] ?? fail(`no service ${service} here`);

if (command === 'exec') {
  // exec [-T] SERVICE COMMAND...
  const argv = rest.filter((a, i) => !(a === '-T' && i === 0));
  const [service, file, ...more] = argv;
  process.exit(await run(file, more, envOf(service)));
}

if (command === 'run') {
  // run [--rm] [--no-deps] [--user U] [-v HOST:CONTAINER[:ro]]... [--entrypoint E] SERVICE ARGS...
  const mounts = [];
  let entrypoint;
  let i = 0;
  for (; i < rest.length && rest[i].startsWith('-'); i++) {
    const flag = rest[i];
    if (flag === '--rm' || flag === '--no-deps') continue;
    const value = rest[++i];
    if (flag === '--user')
      continue; // the files are written as this user anyway
    else if (flag === '-v') {
      const [host, container] = value.split(':');
      mounts.push([container, host]);
    } else if (flag === '--entrypoint') entrypoint = value;
    else fail(`unknown option ${flag}`);
  }
  const [service, ...argv] = rest.slice(i);
  const mapped = argv.map((a) => {
    const mount = mounts.find(([container]) => a === container || a.startsWith(`${container}/`));
    return mount ? mount[1] + a.slice(mount[0].length) : a;
  });
  const file = entrypoint === 'node' ? state.node : entrypoint;
  if (!file) fail('run without --entrypoint: the image command is not run here');
  process.exit(await run(file, mapped, envOf(service)));
}

fail(`docker compose ${command} is not known here`);
