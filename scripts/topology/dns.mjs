// A tiny DNS server standing in for Docker's (127.0.0.11): answers A queries for the names it
// holds, NXDOMAIN otherwise, with a 1 s TTL so nginx's own `valid=` decides how long it caches.
import dgram from 'node:dgram';

export async function startDns(records) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    if (query.length < 12) return;
    let offset = 12;
    const labels = [];
    while (offset < query.length && query[offset] !== 0) {
      const len = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + len).toString('ascii'));
      offset += len + 1;
    }
    const questionEnd = offset + 5; // zero byte, QTYPE, QCLASS
    const qtype = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const addresses = records.get(name);
    const answers = addresses && qtype === 1 ? addresses : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8080 | (query.readUInt16BE(2) & 0x0100) | (addresses ? 0 : 3), 2); // QR, RD, RA, rcode
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records_ = answers.map((ip) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the question's name
      rr.writeUInt16BE(1, 2); // A
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(1, 6); // TTL
      rr.writeUInt16BE(4, 10);
      ip.split('.').forEach((b, i) => rr.writeUInt8(Number(b), 12 + i));
      return rr;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records_]), from.port, from.address);
  });
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, records, close: () => new Promise((r) => socket.close(r)) };
}
