#!/usr/bin/env node
// Runs before `npm start` and `npm test` in a process of its own: their scripts import Node 24
// built-ins (node:sqlite…), which an older Node rejects while loading, before any of their code
// could say why. Kept to syntax every Node still in use can parse.
var major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error("How's my Vibe? needs Node 24 or newer (this is " + process.version + ').');
  console.error('Install Node 24 LTS (`.nvmrc` says 24), then run the command again.');
  process.exit(1);
}
